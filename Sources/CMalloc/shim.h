// glibc's malloc tuning (mallopt, mallinfo2, malloc_trim), which Swift's Glibc module leaves out
// (it does not include <malloc.h>). Declarations only: nothing is compiled or linked here.
#ifndef PRACTICE_CMALLOC_SHIM_H
#define PRACTICE_CMALLOC_SHIM_H

#include <malloc.h>

#endif
