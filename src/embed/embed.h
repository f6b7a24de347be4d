/* What the parts of the embedded module share. */
#ifndef IMPACT_EMBED_H
#define IMPACT_EMBED_H

#include <stddef.h>

#include <lua.h>

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
