/* CPluginGuard: what the host needs around plugin calls that Swift cannot do safely itself.
 * Every header is listed here, so a new one changes this file and rebuilds the module. */
#pragma once
#include "crash_guard.h"
#include "shared_memory.h"
