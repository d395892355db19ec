import toast from 'react-hot-toast';
import { isUnauthorized } from '../../lib/api';
import { clearSession } from '../../session/session';
import { statsApi } from './api';
import { companyStats, overallStats } from './atoms';

/** Fetches a company's statistics into the atoms. `quiet`: keep what is shown, no skeleton and no toast. */
export async function loadCompanyStats(companyId: string, { quiet = false } = {}): Promise<void> {
  await companyStats.load(() => statsApi.company(companyId), { quiet });
}

/** Fetches the system-wide statistics into the atoms. `quiet` as above. */
export async function loadOverallStats({ quiet = false } = {}): Promise<void> {
  await overallStats.load(() => statsApi.overall(), { quiet });
}

/** Hands a Blob to the browser as a file download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: let go of it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads the company statistics as CSV (the server writes the file: a '#' line with the period and the
 * generation time, then the tables). A 401 ends the session like any other call.
 */
export async function downloadCompanyStatsCsv(companyId: string): Promise<void> {
  try {
    const { blob, filename } = await statsApi.companyCsv(companyId);
    saveBlob(blob, filename);
  } catch (error) {
    if (isUnauthorized(error)) {
      clearSession();
      return;
    }
    // The product names no message for the download (docs/product.md#toasts): it is the company statistics that could not be fetched.
    toast.error('Failed to fetch company statistics');
  }
}
