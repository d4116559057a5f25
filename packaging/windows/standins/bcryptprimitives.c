/* Test-harness stand-in for Windows' bcryptprimitives.dll (never shipped, never collected by
 * PyInstaller).
 *
 * Rust's standard library (pydantic-core, cryptography's Rust part) imports ProcessPrng from
 * bcryptprimitives.dll for its random numbers (HashMap seeds). Wine 8 has no such DLL, so
 * those extension modules fail to load. This stand-in exports ProcessPrng only, filled from
 * advapi32's RtlGenRandom (SystemFunction036), Wine's system random source.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) {
            return FALSE;
        }
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
