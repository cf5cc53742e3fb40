/** A word list's file is missing, malformed or does not match its manifest. */
export class ArtefactError extends Error {
  /** @param {string} message names the file (or field) and what is wrong with it */
  constructor(message) {
    super(message);
    this.name = "ArtefactError";
  }
}
