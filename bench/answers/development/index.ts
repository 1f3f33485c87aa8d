// The newer development sets: knowledge of the same kinds as the held-out sets (websites, DOCX files, PDF
// files, CSV catalogues with a policies text) but of other businesses, with questions to tune the engine on.
// The first four were written for it; the next four were the held-out sets until newer blind sets took their
// place (their questions stay in `heldOut`, counted here as development questions); the last eight, from the
// fitness studio on, were written blind to the engine (knowledge and questions from the dataset format
// alone) as development sets, and measured once on the engine of their day before it was tuned on them.
// Each dataset carries its material (`Dataset.material`, see ../dataset.ts).
import type { Dataset } from '../dataset.js';
import { bikeRentalSite } from './bike-rental-site.js';
import { broadbandPdf } from './broadband-pdf.js';
import { campsiteDocx } from './campsite-docx.js';
import { clinicDocxSet } from './clinic-docx.js';
import { coworkingDocxSet } from './coworking-docx.js';
import { dogHotelSite } from './dog-hotel-site.js';
import { energyTariffsPdf } from './energy-tariffs-pdf.js';
import { ferryPdfSet } from './ferry-pdf.js';
import { fitnessStudioCsv } from './fitness-studio-csv.js';
import { gardenCentreCsv } from './garden-centre-csv.js';
import { hotelSite } from './hotel-site.js';
import { invoicingManualPdfSet } from './invoicing-manual-pdf.js';
import { kitchenCsv } from './kitchen-csv.js';
import { museumSite } from './museum-site.js';
import { musicSchoolCsv } from './music-school-csv.js';
import { nurseryHandbookDocx } from './nursery-handbook-docx.js';
import { outdoorCsv } from './outdoor-csv.js';
import { removalsFaqText } from './removals-faq-text.js';
import { vetClinicSite } from './vet-clinic-site.js';

export {
  bikeRentalSite,
  broadbandPdf,
  campsiteDocx,
  clinicDocxSet,
  coworkingDocxSet,
  dogHotelSite,
  energyTariffsPdf,
  ferryPdfSet,
  fitnessStudioCsv,
  gardenCentreCsv,
  hotelSite,
  invoicingManualPdfSet,
  kitchenCsv,
  museumSite,
  musicSchoolCsv,
  nurseryHandbookDocx,
  outdoorCsv,
  removalsFaqText,
  vetClinicSite,
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
  removalsFaqText,
  campsiteDocx,
  hotelSite,
  broadbandPdf,
  musicSchoolCsv,
  vetClinicSite,
  nurseryHandbookDocx,
  gardenCentreCsv,
];
