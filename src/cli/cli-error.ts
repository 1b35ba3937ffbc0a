/**
 * An error that ends the command with a message on stderr (`error: message`) and an exit code,
 * e.g. a file that cannot be read or a malformed option value.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
