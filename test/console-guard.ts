// Console guard, a setup file of every vitest project (unit, cli, worker): an unexpected
// console.error or console.warn fails the test that caused it. A test that expects one spies on
// console itself (vi.spyOn(console, 'warn').mockImplementation(...)).
import { afterEach, beforeEach, vi } from 'vitest';

const unexpected: string[] = [];

beforeEach(() => {
  unexpected.length = 0;
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      unexpected.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  if (unexpected.length > 0) throw new Error(`Unexpected console output:\n${unexpected.join('\n')}`);
});
