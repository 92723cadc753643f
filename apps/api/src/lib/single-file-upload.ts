import type { RequestHandler } from 'express';
import multer from 'multer';
import { AppError, invalid } from './errors.js';

/** What an upload route says about its file: too large, of a type it does not take (given the file's MIME type), missing. */
export interface UploadMessages {
  tooLarge: string;
  wrongType: (mimeType: string) => string;
  missing: string;
}

/**
 * One file in the "file" field, kept in memory up to `maxBytes`, taken when `accepts` says so; every refusal is
 * a 4xx with the route's own words on `file`, never a reset connection.
 */
export function singleFileUpload(maxBytes: number, accepts: (file: Express.Multer.File) => boolean, messages: UploadMessages): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1 },
    fileFilter: (_req, file, accept) => (accepts(file) ? accept(null, true) : accept(invalid({ file: [messages.wrongType(file.mimetype || 'sconosciuto')] }))),
  }).single('file');
  return (req, res, next) =>
    upload(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError) {
        // The rest of the upload is read and dropped, so the client gets the answer, not a reset.
        req.resume();
        return next(error.code === 'LIMIT_FILE_SIZE' ? new AppError(413, messages.tooLarge) : invalid({ file: [messages.missing] }));
      }
      if (error) return next(error);
      if (!req.file) return next(invalid({ file: [messages.missing] }));
      next();
    });
}
