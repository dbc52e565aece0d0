/**
 * The integration centre's routes (SPEC §2; the Salesforce guide's path is spelled as the SPEC
 * spells it). A module without imports: the route table (on every page) reads them from here.
 */
export const INTEGRATIONS_PATH = '/integration-center';
export const WEBHOOK_PERMISSIONS_PATH = '/integration-center/permissions';
export const WEBHOOK_GUIDE_PATH = '/integration-center/guide';
export const HUBSPOT_GUIDE_PATH = '/integration-center/hubspot/guide';
export const SALESFORCE_GUIDE_PATH = '/integration-center/saleforce/guide';
