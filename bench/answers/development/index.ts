// The newer development sets: knowledge of the same kinds as the held-out sets (websites, DOCX files, PDF
// files, CSV catalogues with a policies text) but of other businesses, with questions to tune the engine on.
// The first four were written for it; the next four were the held-out sets until newer blind sets took their
// place (their questions stay in `heldOut`, counted here as development questions); the last three were
// written blind to the engine (knowledge and questions from the dataset format alone) as development sets.
// Each dataset carries its material (`Dataset.material`, see ../dataset.ts).
import type { Dataset } from '../dataset.js';
import { bikeRentalSite } from './bike-rental-site.js';
import { clinicDocxSet } from './clinic-docx.js';
import { coworkingDocxSet } from './coworking-docx.js';
import { dogHotelSite } from './dog-hotel-site.js';
import { energyTariffsPdf } from './energy-tariffs-pdf.js';
import { ferryPdfSet } from './ferry-pdf.js';
import { fitnessStudioCsv } from './fitness-studio-csv.js';
import { invoicingManualPdfSet } from './invoicing-manual-pdf.js';
import { kitchenCsv } from './kitchen-csv.js';
import { museumSite } from './museum-site.js';
import { outdoorCsv } from './outdoor-csv.js';

export {
  bikeRentalSite,
  clinicDocxSet,
  coworkingDocxSet,
  dogHotelSite,
  energyTariffsPdf,
  ferryPdfSet,
  fitnessStudioCsv,
  invoicingManualPdfSet,
  kitchenCsv,
  museumSite,
  outdoorCsv,
};

export const NEW_DEVELOPMENT_DATASETS: Dataset[] = [
  bikeRentalSite,
  clinicDocxSet,
  invoicingManualPdfSet,
  outdoorCsv,
  dogHotelSite,
  coworkingDocxSet,
  kitchenCsv,
  ferryPdfSet,
  fitnessStudioCsv,
  energyTariffsPdf,
  museumSite,
];
