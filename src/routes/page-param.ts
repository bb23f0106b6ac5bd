/** `?page=N`: absent means 1; anything but a positive integer is a wrong address (404). */
import { NotFoundError } from '#src/domain/errors';

const MAX_PAGE = 100_000;

export function parsePageParam(value: string | undefined): number {
  if (value === undefined) return 1;
  if (!/^[1-9]\d{0,5}$/.test(value)) throw new NotFoundError(`Invalid page "${value}"`);
  const page = Number(value);
  if (page > MAX_PAGE) throw new NotFoundError(`Invalid page "${value}"`);
  return page;
}
