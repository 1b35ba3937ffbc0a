import { describe, expect, it } from 'vitest';
import { CLI_TIMEOUT, runCli } from './run-cli.js';

describe('tokenql --help and --version', { timeout: CLI_TIMEOUT }, () => {
  it('prints the version from package.json', async () => {
    const r = await runCli(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe('0.1.0');
  });

  it('lists the commands with examples', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    for (const cmd of ['shell', 'query', 'load']) expect(r.stdout).toContain(cmd);
    expect(r.stdout).toContain('Examples:');
  });

  it.each([
    ['shell', '--demo'],
    ['query', '--format'],
    ['load', '--mode'],
  ])('documents `%s` with its options and examples', async (cmd, option) => {
    const r = await runCli([cmd, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Usage: tokenql ${cmd}`);
    expect(r.stdout).toContain(option);
    for (const common of ['--load', '--key', '--data']) expect(r.stdout).toContain(common);
    expect(r.stdout).toContain('Examples:');
  });

  it('exits 1 on an unknown option or command', async () => {
    expect((await runCli(['query', '--nope'])).code).toBe(1);
    expect((await runCli(['frobnicate'])).code).toBe(1);
  });
});
