/** A refusal of a file that the user should read (answered as a 400 with this message). */
export class FileRefusal extends Error {}
