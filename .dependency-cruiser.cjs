// The server's layers point one way (README, "Layers"): `npm run lint` fails on a cycle of value imports
// between server files or between server folders. Type-only imports are allowed: they vanish at runtime.

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-file-cycle',
      severity: 'error',
      comment:
        'A value-import cycle between server files: one of them should receive the other as a parameter.',
      from: { path: '^server/' },
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      scope: 'folder',
      comment: 'A value-import cycle between server folders: the lower layer must not import the higher one.',
      from: { path: '^server/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['node_modules', 'styled-system', '\\.gen\\.ts$'] },
    // Type-only imports are compiled away, so they are not dependencies here: only value imports count.
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
