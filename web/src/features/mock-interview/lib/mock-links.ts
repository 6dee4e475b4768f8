/** Where the mock-interview screens live (issue 23). */
export const mockStartPath = (jobDescriptionId?: number | string): string =>
  jobDescriptionId === undefined
    ? '/interview-practice/mock/new'
    : `/interview-practice/mock/new?jobDescriptionId=${encodeURIComponent(String(jobDescriptionId))}`;
export const mockPreparePath = (id: number): string => `/interview-practice/mock/${id}/prepare`;
export const mockInterviewPath = (id: number): string => `/interview-practice/mock/${id}`;
export const mockReportPath = (id: number): string => `/interview-practice/mock/${id}/report`;
/** The report as a PDF, its times in the person's time zone (`GET /api/mock-interviews/{id}/pdf`). */
export const mockReportPdfPath = (id: number, timeZone: string): string => `/api/mock-interviews/${id}/pdf?timeZone=${encodeURIComponent(timeZone)}`;
export const readinessPath = (jobDescriptionId: number | string): string => `/interview-practice/readiness/${encodeURIComponent(String(jobDescriptionId))}`;

/** A positive whole number from a route or query parameter, or null. */
export function positiveId(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return Number.isSafeInteger(value) ? value : null;
}
