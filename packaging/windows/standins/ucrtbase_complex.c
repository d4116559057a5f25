/* Test-harness stand-in for Windows' ucrtbase.dll (never shipped, never collected by
 * PyInstaller): the C99 complex functions NumPy 2 imports, with every other export forwarded
 * to Wine's own ucrtbase.
 *
 * Wine 8's ucrtbase exports crealf, cexp, cpow and their kin as stubs that abort the process
 * ("Unimplemented function ucrtbase.dll.crealf"): NumPy's _multiarray_umath calls them when it
 * is imported. Wine resolves api-ms-win-crt-math-l1-1-0.dll straight to ucrtbase.dll (API
 * sets), so the stand-in has to be ucrtbase.dll itself: the harness copies Wine's ucrtbase to
 * ucrtbase_wine.dll, builds this file with a .def that forwards each other export there, and
 * sets the DLL override ucrtbase=native. Only the functions below change behaviour.
 *
 * The Microsoft types: _Dcomplex and _Lcomplex (long double is double) are 16-byte structures
 * (returned through a hidden pointer, passed by reference), _Fcomplex an 8-byte one (in a
 * register): the structures below give GCC the same x64 calling convention.
 */
#include <complex.h>

typedef struct {
    double v[2];
} dcomplex;
typedef struct {
    float v[2];
} fcomplex;

#define API /* exported through the generated .def, under the name without its trailing _ */

static double complex from_d(dcomplex z) { return __builtin_complex(z.v[0], z.v[1]); }
static dcomplex to_d(double complex z) {
    dcomplex r = {{creal(z), cimag(z)}};
    return r;
}
static float complex from_f(fcomplex z) { return __builtin_complex(z.v[0], z.v[1]); }
static fcomplex to_f(float complex z) {
    fcomplex r = {{crealf(z), cimagf(z)}};
    return r;
}

/* Parts, modulus and argument. */
#define PARTS(suffix, type, real)                                         \
    API real creal##suffix##_(type z) { return z.v[0]; }                  \
    API real cimag##suffix##_(type z) { return z.v[1]; }
PARTS(, dcomplex, double)
PARTS(l, dcomplex, double)
PARTS(f, fcomplex, float)

API double cabs_(dcomplex z) { return cabs(from_d(z)); }
API double cabsl_(dcomplex z) { return cabs(from_d(z)); }
API float cabsf_(fcomplex z) { return cabsf(from_f(z)); }
API double carg_(dcomplex z) { return carg(from_d(z)); }
API double cargl_(dcomplex z) { return carg(from_d(z)); }
API float cargf_(fcomplex z) { return cargf(from_f(z)); }

/* One-argument functions: name_ (double), namel_ (long double = double), namef_ (float).
 * Each export is named without the trailing underscore (see the generated .def). */
#define UNARY(name)                                                              \
    API dcomplex name##_(dcomplex z) { return to_d(name(from_d(z))); }           \
    API dcomplex name##l_(dcomplex z) { return to_d(name(from_d(z))); }          \
    API fcomplex name##f_(fcomplex z) { return to_f(name##f(from_f(z))); }
UNARY(cexp)
UNARY(clog)
UNARY(csqrt)
UNARY(csin)
UNARY(ccos)
UNARY(ctan)
UNARY(csinh)
UNARY(ccosh)
UNARY(ctanh)
UNARY(casin)
UNARY(cacos)
UNARY(catan)
UNARY(casinh)
UNARY(cacosh)
UNARY(catanh)
UNARY(conj)
UNARY(cproj)

API dcomplex cpow_(dcomplex x, dcomplex y) { return to_d(cpow(from_d(x), from_d(y))); }
API dcomplex cpowl_(dcomplex x, dcomplex y) { return to_d(cpow(from_d(x), from_d(y))); }
API fcomplex cpowf_(fcomplex x, fcomplex y) { return to_f(cpowf(from_f(x), from_f(y))); }
