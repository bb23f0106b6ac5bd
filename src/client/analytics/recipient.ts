/**
 * Campaign links carry `utm_id`: the recipient behind it is fetched from the analytics host
 * (`GET {host}/recipients?id=`) and the visitor identified as that recipient (docs/spec-coverage.md section 7).
 */
import type { Recipient } from '#src/domain/analytics';

export async function fetchRecipient(host: string, id: string, fetcher: typeof fetch = fetch): Promise<Recipient> {
  const response = await fetcher(`${host.replace(/\/$/, '')}/recipients?id=${encodeURIComponent(id)}`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body = (await response.json()) as Partial<Recipient> | null;
  if (!body || (typeof body.id !== 'string' && typeof body.id !== 'number')) throw new Error('No recipient id in the answer');
  return { id: String(body.id) };
}

/** Identifies the visitor from `?utm_id=`; a failure is logged, never thrown at the page. */
export async function identifyFromCampaign(
  url: URL,
  host: string | null,
  identify: (userId: string) => void,
  fetcher: typeof fetch = fetch,
): Promise<void> {
  const id = url.searchParams.get('utm_id');
  if (!id || !host) return;
  try {
    const recipient = await fetchRecipient(host, id, fetcher);
    identify(recipient.id);
  } catch {
    console.error(`Failed to fetch recipient with id: ${id}`);
  }
}
