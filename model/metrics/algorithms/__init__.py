"""Generic algorithms the stages use: min-plus convolution, array helpers, the bounded LRU store."""
