import { CAMERAS } from '../contract/izs-sell/cameras.contract.ts';
import { injectDescriptors } from './endpoints.ts';

/** izs-sell beside the camera resource of crud.api.ts: where to see a camera (cameras.contract.ts CAMERAS). */
export const camerasApi = injectDescriptors('cameras', CAMERAS);
export const { useCamerasLookQuery } = camerasApi;
