#ifndef JUICE_CFILEEXCHANGE_H
#define JUICE_CFILEEXCHANGE_H

/// Swaps the files at `first` and `second` in one step (Linux `renameat2(2)` with `RENAME_EXCHANGE`): each name then
/// holds what the other held. Both must exist. Returns 0, or -1 with `errno` set: `EINVAL`, `ENOSYS` or `EOPNOTSUPP`
/// where the kernel or the file system cannot swap.
int juice_exchange_files(const char *first, const char *second);

#endif
