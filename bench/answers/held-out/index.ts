// The held-out datasets: knowledge of kinds the engine was never calibrated on, and questions written blind
// from that knowledge alone on 2026-11-26, before any engine answered them. Never tune the engine on them.
// Each dataset carries its material (`Dataset.material`, see ../dataset.ts); every question is in `heldOut`.
import type { Dataset } from '../dataset.js';
import { coworkingDocxSet } from './coworking-docx.js';
import { dogHotelSite } from './dog-hotel-site.js';
import { ferryPdfSet } from './ferry-pdf.js';
import { kitchenCsv } from './kitchen-csv.js';

export { coworkingDocxSet, dogHotelSite, ferryPdfSet, kitchenCsv };

export const HELD_OUT_DATASETS: Dataset[] = [dogHotelSite, coworkingDocxSet, kitchenCsv, ferryPdfSet];
