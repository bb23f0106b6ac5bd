/**
 * The press office's readership page (/admin/press/readership?story=SLUG, ADR 0055): for one
 * story, all its languages, the requests of the last days as a small bar chart per day (SVG drawn
 * here, on the server, no script), and tables by form and language, by class of reader, by named
 * agent and by referring site. The same report `npm run readership -- SLUG` prints.
 */
import type { ReadershipReport } from '#src/domain/readership';
import type { ReadershipAnswer } from '#src/press-desk/readership';
import { OfficeDocument, PRESS_OFFICE_PATH } from './press-office-page';

export const READERSHIP_PATH = '/admin/press/readership';

const CLASS_LABELS: Record<string, string> = { person: 'People', 'search-engine': 'Search engines', 'ai-agent': 'AI agents', 'feed-reader': 'Feed readers', 'other-bot': 'Other bots' };
const CHART = { width: 600, height: 120, gap: 2 } as const;

/** One bar per day, its height the day's requests against the busiest day. */
export function DayChart({ report }: { report: ReadershipReport }) {
  const most = Math.max(1, ...report.perDay.map((day) => day.total));
  const bar = CHART.width / report.perDay.length;
  return (
    <svg viewBox={`0 0 ${CHART.width} ${CHART.height + 16}`} width={CHART.width} height={CHART.height + 16} role="img" aria-label={`Requests per day, last ${report.days} days: ${report.total} in all`}>
      {report.perDay.map((day, index) => {
        const height = Math.round((day.total / most) * CHART.height);
        return (
          <rect key={day.day} x={index * bar + CHART.gap / 2} y={CHART.height - height} width={Math.max(1, bar - CHART.gap)} height={height} fill="#1f5fa8">
            <title>{`${day.day}: ${day.total} (page ${day.forms.page}, .md ${day.forms.md}, .json ${day.forms.json})`}</title>
          </rect>
        );
      })}
      <line x1={0} y1={CHART.height} x2={CHART.width} y2={CHART.height} stroke="#666" />
      <text x={0} y={CHART.height + 13} fontSize={11} fill="#444">{report.perDay[0]?.day}</text>
      <text x={CHART.width} y={CHART.height + 13} fontSize={11} fill="#444" textAnchor="end">{report.perDay.at(-1)?.day}</text>
    </svg>
  );
}

function Report({ report }: { report: ReadershipReport }) {
  return (
    <>
      <p>{`${report.total} requests in the last ${report.days} days, counted at the edge without cookies.`}</p>
      <DayChart report={report} />
      <h2>By language and form</h2>
      <table>
        <thead><tr><th>Language</th><th>Address</th><th>Page</th><th>.md</th><th>.json</th></tr></thead>
        <tbody>
          {report.byLanguage.map((row) => (
            <tr key={row.slug}><td>{row.locale}</td><td>/{row.slug}</td><td>{row.forms.page}</td><td>{row.forms.md}</td><td>{row.forms.json}</td></tr>
          ))}
        </tbody>
      </table>
      <h2>By class of reader</h2>
      <table>
        <thead><tr><th>Class</th><th>Requests</th></tr></thead>
        <tbody>
          {report.byClass.map((row) => (
            <tr key={row.class}><td>{CLASS_LABELS[row.class]}</td><td>{row.requests}</td></tr>
          ))}
        </tbody>
      </table>
      <h2>By agent</h2>
      {report.byAgent.length === 0 ? <p>No named agent.</p> : (
        <table>
          <thead><tr><th>Agent</th><th>Class</th><th>Requests</th></tr></thead>
          <tbody>
            {report.byAgent.map((row) => (
              <tr key={`${row.class}/${row.agent}`}><td>{row.agent}</td><td>{CLASS_LABELS[row.class]}</td><td>{row.requests}</td></tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Referring sites (people)</h2>
      {report.referrers.length === 0 ? <p>None.</p> : (
        <table>
          <thead><tr><th>Site</th><th>Requests</th></tr></thead>
          <tbody>
            {report.referrers.map((row) => (
              <tr key={row.domain}><td>{row.domain}</td><td>{row.requests}</td></tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

export function ReadershipPage({ slug, answer }: { slug: string | null; answer: ReadershipAnswer | null }) {
  const title = answer?.kind === 'report' ? `Readership: ${answer.report.versions[0]?.title ?? slug}` : 'Readership';
  return (
    <OfficeDocument title={title}>
      <header>
        <h1>{title}</h1>
        <nav><a href={PRESS_OFFICE_PATH}>Press office</a></nav>
      </header>
      <main>
        <form method="get" action={READERSHIP_PATH}>
          <label>Story address (slug) <input type="text" name="story" defaultValue={slug ?? ''} required /></label> <button type="submit">Show</button>
        </form>
        {answer?.kind === 'unknown-story' ? <p>{`No story has the address /${answer.slug}.`}</p> : null}
        {answer?.kind === 'not-configured' ? <p>{answer.problem}</p> : null}
        {answer?.kind === 'report' ? <Report report={answer.report} /> : null}
      </main>
    </OfficeDocument>
  );
}
