// CPeachDSP: its functions are static inline in the header; this file only compiles the header once on its own.

#include "CPeachDSP.h"
