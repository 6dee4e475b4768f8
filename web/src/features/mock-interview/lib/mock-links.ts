/** The report as a PDF, its times in the person's time zone (`GET /api/mock-interviews/{id}/pdf`). */
export const mockReportPdfPath = (id: number, timeZone: string): string => `/api/mock-interviews/${id}/pdf?timeZone=${encodeURIComponent(timeZone)}`;

/** A positive whole number from a route or query parameter, or null. */
export function positiveId(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return Number.isSafeInteger(value) ? value : null;
}
