/** A backup that cannot be made, read or restored, said in words for whoever runs the command. */
export class BackupError extends Error {
  override name = 'BackupError';
}
