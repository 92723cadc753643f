// The scanned certificate in a multipart request: one file in "file", at most 5 MB, accepted only
// when its content (magic bytes, not its name or declared type) is a PDF, a JPEG or a PNG.
import { CERTIFICATE_FILE_TYPES, CERTIFICATE_MAX_BYTES, certificateMessages } from '@beach/contracts';
import type { RequestHandler } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import multer from 'multer';
import { AppError, invalid } from '../../lib/errors.js';

export interface CheckedFile {
  data: Buffer;
  mime: (typeof CERTIFICATE_FILE_TYPES)[number];
}

/** Reads the optional file into `res.locals.certificateFile` (required when `required`). */
export function certificateUpload({ required }: { required: boolean }): RequestHandler {
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: CERTIFICATE_MAX_BYTES, files: 1, fields: 10 } }).single('file');
  return (req, res, next) =>
    upload(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError) {
        // The rest of the upload is read and dropped, so the client gets the answer, not a reset.
        req.resume();
        return next(error.code === 'LIMIT_FILE_SIZE' ? new AppError(413, certificateMessages.tooLarge, { file: [certificateMessages.tooLarge] }) : invalid({ file: [certificateMessages.badType] }));
      }
      if (error) return next(error);
      if (!req.file) return required ? next(invalid({ file: [certificateMessages.fileMissing] })) : next();
      fileTypeFromBuffer(req.file.buffer).then((type) => {
        const mime = CERTIFICATE_FILE_TYPES.find((accepted) => accepted === type?.mime);
        if (!type || !mime) return next(invalid({ file: [certificateMessages.badType] }));
        res.locals.certificateFile = { data: req.file!.buffer, mime } satisfies CheckedFile;
        next();
      }, next);
    });
}
