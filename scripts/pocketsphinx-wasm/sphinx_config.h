/* sphinx_config.h for wasm32 (emscripten): 4-byte long, floating point. */
#define SIZEOF_LONG 4
#define HAVE_LONG_LONG 1
#define SIZEOF_LONG_LONG 8
