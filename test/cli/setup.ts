// Setup file of the cli project (vitest.config.ts), run before each test file: the local D1
// states a file's tests opened (test/cli/run-script.ts) are closed after its last test, so no
// workerd outlives the file that started it.
import { afterAll } from 'vitest';
import { closeLocalStates } from './run-script';

afterAll(closeLocalStates);
