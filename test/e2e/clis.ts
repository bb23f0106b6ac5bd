// The D1 CLIs and what runs them, in one module graph for test/e2e/server.mjs to load into a
// browser test's own process (tsx's tsImport): runCliInProcess there.
export { runCli } from '../../scripts/cli/cli-context';
export { localDatabase, localDatabaseOf } from '../../scripts/cli/d1-database';
export { importCli } from '../../scripts/cli/import';
export { pressCli } from '../../scripts/cli/press';
export { shareCli } from '../../scripts/cli/share';
