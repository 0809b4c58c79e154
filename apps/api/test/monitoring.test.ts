import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createTestApp, metricsHeaders, type TestApp } from './helpers';

/*
 * The operator's monitoring (issue 28 item 8, deploy/): the alert rules and the dashboard name only metrics
 * the portal exports, and promtool accepts the rules and passes their unit tests.
 */

const deploy = fileURLToPath(new URL('../../../deploy/', import.meta.url));
const rulesFile = join(deploy, 'prometheus/alerts.yml');
const rules = parse(readFileSync(rulesFile, 'utf8')) as {
  groups: { name: string; rules: { alert: string; expr: string; labels: { severity: string } }[] }[];
};
const dashboard = JSON.parse(readFileSync(join(deploy, 'grafana/portal-dashboard.json'), 'utf8')) as {
  panels: { title: string; targets: { expr: string }[] }[];
};

const promqlWords = new Set(['by', 'without', 'and', 'or', 'unless', 'on', 'ignoring', 'bool', 'offset']);

/** The metric names a PromQL expression reads: not its functions, labels, strings, durations or numbers. */
function metricsIn(expr: string): string[] {
  const bare = expr
    .replace(/"[^"]*"|'[^']*'/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '');
  return [...bare.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*\()/g)]
    .map((match) => match[1]!)
    .filter((word) => !promqlWords.has(word) && !/^\d/.test(word));
}

let t: TestApp;
let exported: Set<string>;
beforeAll(async () => {
  t = await createTestApp();
  const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: metricsHeaders })).body;
  exported = new Set(['up']);
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    exported.add(name!);
    if (type === 'histogram')
      for (const suffix of ['_bucket', '_sum', '_count']) exported.add(`${name}${suffix}`);
  }
});
afterAll(() => t.close());

describe('the alert rules and the dashboard (deploy/)', () => {
  it('read the metrics the portal exports, and nothing else', () => {
    const exprs = [
      ...rules.groups.flatMap((group) => group.rules.map((rule) => [rule.alert, rule.expr] as const)),
      ...dashboard.panels.flatMap((panel) =>
        panel.targets.map((target) => [panel.title, target.expr] as const),
      ),
    ];
    expect(exprs.length).toBeGreaterThan(20);
    const unknown = exprs.flatMap(([where, expr]) =>
      metricsIn(expr)
        .filter((name) => !exported.has(name))
        .map((name) => `${where}: ${name}`),
    );
    expect(unknown).toEqual([]);
    // The check sees what an expression reads (else it would pass on nothing).
    expect(
      metricsIn('sum by (dependency) (rate(portal_dependency_errors_total{job="portal"}[5m])) > 0'),
    ).toEqual(['portal_dependency_errors_total']);
  });

  it('page only for what students feel: each rule has a severity, page or warn', () => {
    const severities = rules.groups.flatMap((group) => group.rules.map((rule) => rule.labels.severity));
    expect(new Set(severities)).toEqual(new Set(['page', 'warn']));
  });
});

// promtool comes from Debian's prometheus package; .ci/run unpacks it and sets PROMTOOL.
describe.runIf(process.env.PROMTOOL)('promtool', () => {
  const run = promisify(execFile);
  it('checks the rules', async () => {
    const { stdout } = await run(process.env.PROMTOOL!, ['check', 'rules', rulesFile]);
    expect(stdout).toMatch(/SUCCESS: \d+ rules found/);
  });

  it("passes the rules' unit tests (deploy/prometheus/alerts.test.yml)", async () => {
    const { stdout } = await run(process.env.PROMTOOL!, ['test', 'rules', 'alerts.test.yml'], {
      cwd: join(deploy, 'prometheus'),
    });
    expect(stdout).toContain('SUCCESS');
  });
});
