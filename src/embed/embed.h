/* What the parts of the embedded module share. */
#ifndef IMPACT_EMBED_H
#define IMPACT_EMBED_H

#include <stddef.h>

#include <lua.h>

/* The functions of impact_lua.h stay visible when a shared library links
** libimpact.a in: love-android loads impact.so by luaopen_impact. */
#if defined(__GNUC__)
#define IMPACT_PUBLIC __attribute__((visibility("default")))
#else
#define IMPACT_PUBLIC
#endif

/* The Lua files of lua/impact/, compiled in: the build generates this table
** from the files themselves (cmake/embed-lua.cmake). */
typedef struct imp_luafile {
  const char *module;     /* "impact.bump" */
  const char *chunkname;  /* "@impact/bump.lua", as tracebacks show it */
  const unsigned char *code;
  size_t size;
} imp_luafile;

extern const imp_luafile imp_luafiles[];  /* ends with a NULL module */

int luaopen_impact_core(lua_State *L);  /* src/module.c */

/* The loader of impact.core: luaopen_impact_core, keeping what the host
** functions need (host.c). */
int imp_opencore(lua_State *L);

#endif
