# The reference for `juice forecast --model croston|sba` (scripts/planning/oracle-test.sh): R's forecast package.
#
#   Rscript scripts/planning/croston-oracle.R SERIES_FILE HORIZON > reference.json
#
# For each series of SERIES_FILE (a name, then each day's demand, on one line; # starts a comment) prints
# forecast::croston(y, h = HORIZON, alpha = 0.1): its forecast (`mean`) and one-step fitted values (`fitted`, null
# where R has none). SBA is Croston's forecast and fitted values times (1 - alpha / 2) = 0.95 (Syntetos and Boylan
# 2005): forecast 8.20, Debian's, has no `type = "sba"` yet.
suppressPackageStartupMessages(library(forecast))
args <- commandArgs(trailingOnly = TRUE)
if (length(args) != 2) stop("usage: croston-oracle.R SERIES_FILE HORIZON")
horizon <- as.integer(args[2])
alpha <- 0.1
numbers <- function(v) paste0("[", paste(ifelse(is.na(v), "null", sprintf("%.17g", v)), collapse = ", "), "]")
lines <- readLines(args[1])
lines <- lines[!grepl("^\\s*(#|$)", lines)]
out <- character(0)
for (line in lines) {
  words <- strsplit(trimws(line), "\\s+")[[1]]
  y <- as.numeric(words[-1])
  fit <- croston(y, h = horizon, alpha = alpha)
  mean <- as.numeric(fit$mean)
  fitted <- as.numeric(fit$fitted)
  out <- c(out, sprintf(
    "  \"%s\": {\"croston\": {\"mean\": %s, \"fitted\": %s}, \"sba\": {\"mean\": %s, \"fitted\": %s}}",
    words[1], numbers(mean), numbers(fitted), numbers((1 - alpha / 2) * mean), numbers((1 - alpha / 2) * fitted)))
}
cat("{\n", paste(out, collapse = ",\n"), "\n}\n", sep = "")
