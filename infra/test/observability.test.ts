import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { collectProcessMetrics, metricsRegistry } from '@story/service-kit';
import { REPO_ROOT } from '../src/stack.ts';

/**
 * The Grafana dashboard (infra/grafana/story-platform.json) and the alert rules
 * (infra/prometheus/alerts.yml) name series the code registers: a metric renamed in
 * services/service-kit/src/telemetry/ without them fails here, not silently in production.
 */
collectProcessMetrics();
const registered = await metricsRegistry.getMetricsAsJSON();
/** Every series name a scrape can show: a histogram's `_bucket`, `_count` and `_sum`, the others' own names. */
const exposed = new Set(registered.flatMap((m) => (String(m.type) === 'histogram' ? [`${m.name}_bucket`, `${m.name}_count`, `${m.name}_sum`] : [m.name])));
/** The platform's own series (not Node's defaults). */
const ours = registered.map((m) => m.name).filter((name) => !/^story_(process|nodejs)_/.test(name));

const namesIn = (expr: string): string[] => [...expr.matchAll(/\b(story_[a-zA-Z0-9_]+)/g)].map((match) => match[1] ?? '');

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
const alerts = parse(readFileSync(join(REPO_ROOT, 'infra/prometheus/alerts.yml'), 'utf8')) as { groups: { name: string; rules: Rule[] }[] };
const rules = alerts.groups.flatMap((group) => group.rules);

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: Record<string, number>;
  targets?: { expr: string; refId: string }[];
}
const dashboard = JSON.parse(readFileSync(join(REPO_ROOT, 'infra/grafana/story-platform.json'), 'utf8')) as { uid: string; panels: Panel[] };
const exprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })));

describe('the metrics the dashboard and the alerts read', () => {
  it('are the ones the code registers, under the names the issue asks for', () => {
    expect(ours.sort()).toEqual(
      [
        'story_consumer_redeliveries_total',
        'story_http_request_duration_seconds',
        'story_nats_request_duration_seconds',
        'story_outbox_lag_seconds',
        'story_outbox_pending',
        'story_pdf_downloads_total',
        'story_pdf_render_duration_seconds',
        'story_rate_limit_refusals_total',
        'story_speech_job_duration_seconds',
        'story_speech_queue_depth',
        'story_voice_turn_stage_seconds',
      ].sort(),
    );
  });

  it('alert rules: every metric named is registered, every rule waits, has a severity, a signal and a runbook; the four golden signals are covered', () => {
    expect(rules.length).toBeGreaterThanOrEqual(4);
    for (const rule of rules) {
      const names = namesIn(rule.expr);
      expect(names.length, rule.alert).toBeGreaterThan(0);
      for (const name of names) expect(exposed.has(name), `${rule.alert}: ${name} is not a registered series`).toBe(true);
      expect(rule.for, rule.alert).toMatch(/^\d+m$/);
      expect(['warning', 'critical'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      expect(rule.annotations?.runbook?.length ?? 0, rule.alert).toBeGreaterThan(80);
    }
    expect(new Set(rules.map((rule) => rule.labels?.signal))).toEqual(new Set(['latency', 'traffic', 'errors', 'saturation']));
    expect(new Set(rules.map((rule) => rule.alert)).size).toBe(rules.length);
  });

  it('dashboard: every metric named is registered, and every series of ours has a panel', () => {
    expect(dashboard.uid).toBe('story-platform');
    expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length);
    for (const { panel, expr } of exprs) {
      const names = namesIn(expr);
      expect(names.length, panel).toBeGreaterThan(0);
      for (const name of names) expect(exposed.has(name), `${panel}: ${name} is not a registered series`).toBe(true);
    }
    const used = new Set(exprs.flatMap(({ expr }) => namesIn(expr)).map((name) => name.replace(/_(bucket|count|sum)$/, '')));
    for (const name of ours) expect(used.has(name), `${name} has no panel`).toBe(true);
  });

  it('refuses a renamed metric (the check is not vacuous)', () => {
    expect(exposed.has('story_http_request_duration_seconds_bucket')).toBe(true);
    expect(exposed.has('story_http_request_seconds_bucket')).toBe(false);
    expect(exposed.has('story_outbox_lag')).toBe(false);
  });
});
