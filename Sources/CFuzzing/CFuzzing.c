// The declaration in include/CFuzzing.h is all this target provides; SwiftPM needs a source file.
#include "CFuzzing.h"
