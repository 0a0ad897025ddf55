// How much a tool reads and returns: one result must not flood the model's context, nor one call the disk.

export const MAX_RESULT_CHARS = 60_000;
/** read_file reads at most this much of a file, whatever its size (60,000 characters fit in it). */
export const MAX_READ_BYTES = 256 * 1024;
