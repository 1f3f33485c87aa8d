// The new development sets: knowledge of the same kinds as the held-out sets (a website, a DOCX, a PDF, a
// CSV catalogue with a policies text) but of other businesses, with questions written from that knowledge
// to tune the engine on. Each dataset carries its material (`Dataset.material`, see ../dataset.ts); every
// question is in `conversations` (`heldOut` is empty).
import type { Dataset } from '../dataset.js';
import { bikeRentalSite } from './bike-rental-site.js';
import { clinicDocxSet } from './clinic-docx.js';
import { invoicingManualPdfSet } from './invoicing-manual-pdf.js';
import { outdoorCsv } from './outdoor-csv.js';

export { bikeRentalSite, clinicDocxSet, invoicingManualPdfSet, outdoorCsv };

export const NEW_DEVELOPMENT_DATASETS: Dataset[] = [
  bikeRentalSite,
  clinicDocxSet,
  invoicingManualPdfSet,
  outdoorCsv,
];
