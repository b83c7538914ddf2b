import { validateStep } from '@kaunti/catalogue/schema-builder';
import { serviceLoaderOf } from '@kaunti/catalogue/service-loaders';

/**
 * The checks of the daily parking form: the catalogue's own (the definition the server
 * validates `POST /api/parking/daily` with), in a chunk of their own, loaded on the first "Pay"
 * (with zod), not with the page. Answers each field's first problem, by field name.
 */
export async function dailyParkingProblems(values: Record<string, string>): Promise<Record<string, string>> {
  const service = await serviceLoaderOf('daily-parking')!();
  const problems: Record<string, string> = {};
  for (const step of service.steps) {
    const result = validateStep(step, values);
    if (result.success) continue;
    for (const problem of result.errors) problems[problem.path.split('.')[0]!] ??= problem.message;
  }
  return problems;
}
