// The held-out datasets: knowledge of kinds the engine was never calibrated on, and questions written blind
// from that knowledge alone on 2026-11-27, before any engine answered them. Never tune the engine on them.
// Each dataset carries its material (`Dataset.material`, see ../dataset.ts); every question is in `heldOut`.
import type { Dataset } from '../dataset.js';
import { languageSchoolCsv } from './language-school-csv.js';
import { librarySite } from './library-site.js';
import { softwareFaqText } from './software-faq-text.js';
import { telecomPdfSet } from './telecom-pdf.js';

export { languageSchoolCsv, librarySite, softwareFaqText, telecomPdfSet };

export const HELD_OUT_DATASETS: Dataset[] = [librarySite, telecomPdfSet, languageSchoolCsv, softwareFaqText];
