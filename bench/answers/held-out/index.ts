// The held-out datasets: knowledge of kinds the engine was never calibrated on, and questions written blind
// from that knowledge alone, before any engine answered them. Never tune the engine on them.
// Each dataset carries its material (`Dataset.material`, see ../dataset.ts); every question is in `heldOut`.
import type { Dataset } from '../dataset.js';

export const HELD_OUT_DATASETS: Dataset[] = [];
