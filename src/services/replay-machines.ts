/**
 * The machines a QA recording can be replayed into, by machine id (the `machine` a recording
 * names for each actor, src/services/recorder.ts). Only `npm run replay` and the tests import
 * this map: it pulls in every machine, so the app (and the recorder) never does.
 *
 * Adding a machine under src/machines: add it here (tests/model/replay.test.ts fails for a
 * machine that is missing). A machine keeps its id when it moves or changes, so recordings
 * made before stay replayable.
 */
import type { AnyStateMachine } from 'xstate';
import { accountMachine } from '../machines/account.machine';
import { analyticsMachine } from '../machines/analytics.machine';
import { autoRepliesMachine } from '../machines/auto-replies.machine';
import { autoReplyMachine } from '../machines/auto-reply.machine';
import { appMachine } from '../machines/app.machine';
import { changePasswordMachine } from '../machines/auth/change-password.machine';
import { googleSignInMachine } from '../machines/auth/google-sign-in.machine';
import { resetPasswordMachine } from '../machines/auth/reset-password.machine';
import { signInMachine } from '../machines/auth/sign-in.machine';
import { signUpMachine } from '../machines/auth/sign-up.machine';
import { batchTagMachine } from '../machines/batch-tag.machine';
import { chatSyncMachine } from '../machines/chat-sync.machine';
import { chatViewMachine } from '../machines/chat-view.machine';
import { chatToolsMachine } from '../machines/chat-tools.machine';
import { chatPinsMachine } from '../machines/chat-pins.machine';
import { privacyMachine } from '../machines/privacy.machine';
import { quickReplyPanelMachine } from '../machines/quick-reply-panel.machine';
import { autoReplyPanelMachine } from '../machines/auto-reply-panel.machine';
import { contactFilterMachine } from '../machines/contact-filters';
import { contactProfileMachine } from '../machines/contact-profile.machine';
import { contactsTableMachine } from '../machines/contacts-table.machine';
import { eclientAuthMachine } from '../machines/eclient-auth.machine';
import { fileUploadMachine } from '../machines/file-upload.machine';
import { firstRunGuideMachine } from '../machines/first-run-guide.machine';
import { paymentSurveyMachine } from '../machines/payment-survey.machine';
import { headerInviteMachine } from '../machines/header-invite.machine';
import { assistantToolsMachine } from '../machines/assistant-tools.machine';
import { numberCheckMachine } from '../machines/number-check.machine';
import { conversationsMachine } from '../machines/conversations.machine';
import { importWizardMachine } from '../machines/import-wizard.machine';
import { invitationMachine } from '../machines/invitation.machine';
import { inviteMembersMachine } from '../machines/invite-members.machine';
import { inviteLinkDetailMachine } from '../machines/invite-link-detail.machine';
import { inviteLinkFormMachine } from '../machines/invite-link-form.machine';
import { inviteLinksMachine } from '../machines/invite-links.machine';
import { joinTransferMachine } from '../machines/join-transfer.machine';
import { languageMachine } from '../machines/language.machine';
import { leadFormMachine } from '../machines/lead-form.machine';
import { leadDialogMachine } from '../machines/lead-dialog.machine';
import { leadBatchAddMachine } from '../machines/lead-batch-add.machine';
import { groupToolMachine } from '../machines/group-tool.machine';
import { leadMovesMachine } from '../machines/lead-moves.machine';
import { leadPanelMachine } from '../machines/lead-panel.machine';
import { loginGateMachine } from '../machines/login-gate.machine';
import { pipelineExportMachine } from '../machines/pipeline-export.machine';
import { pipelineFilterMachine } from '../machines/pipeline-filters';
import { pipelineTabsMachine } from '../machines/pipeline-tabs.machine';
import { pipelineMachine } from '../machines/pipeline.machine';
import { quickRepliesMachine } from '../machines/quick-replies.machine';
import { quickReplyFormMachine } from '../machines/quick-reply-form.machine';
import { schedulesMachine } from '../machines/schedule.machine';
import { selectedMemberMachine } from '../machines/selected-member.machine';
import { sessionMachine } from '../machines/session.machine';
import { storageTokenMachine } from '../machines/storage-token.machine';
import { tabSetFormMachine } from '../machines/tab-set-form.machine';
import { tabSetsMachine } from '../machines/tab-sets.machine';
import { tagFilterMachine } from '../machines/tag-filters';
import { tagsMachine } from '../machines/tags.machine';
import { teamMembersMachine } from '../machines/team-members.machine';
import { leaveApplicationMachine, leaveReviewMachine } from '../machines/leave-application.machine';
import { syncHealthMachine } from '../machines/sync-health.machine';
import { productEventsMachine } from '../machines/product-events.machine';
import { planPanelMachine } from '../machines/plan-panel.machine';
import { planUpgradeMachine } from '../machines/plan-upgrade.machine';
import { seatPurchaseMachine } from '../machines/seat-purchase.machine';
import { workspaceCreateMachine } from '../machines/workspace-create.machine';
import { integrationsMachine } from '../machines/integrations.machine';
import { webhookDeliveriesMachine } from '../machines/webhook-deliveries.machine';
import { webhookPermissionsMachine } from '../machines/webhook-permissions.machine';
import { webhookSettingsMachine } from '../machines/webhook-settings.machine';

const machines: readonly AnyStateMachine[] = [
  appMachine,
  pipelineFilterMachine,
  contactFilterMachine,
  tagFilterMachine,
  accountMachine,
  loginGateMachine,
  sessionMachine,
  languageMachine,
  selectedMemberMachine,
  signInMachine,
  signUpMachine,
  googleSignInMachine,
  resetPasswordMachine,
  changePasswordMachine,
  invitationMachine,
  joinTransferMachine,
  workspaceCreateMachine,
  inviteMembersMachine,
  headerInviteMachine,
  assistantToolsMachine,
  numberCheckMachine,
  teamMembersMachine,
  leaveApplicationMachine,
  leaveReviewMachine,
  syncHealthMachine,
  productEventsMachine,
  planPanelMachine,
  planUpgradeMachine,
  seatPurchaseMachine,
  tabSetsMachine,
  tabSetFormMachine,
  quickRepliesMachine,
  quickReplyFormMachine,
  autoRepliesMachine,
  autoReplyMachine,
  schedulesMachine,
  pipelineMachine,
  pipelineTabsMachine,
  pipelineExportMachine,
  leadMovesMachine,
  leadDialogMachine,
  leadBatchAddMachine,
  groupToolMachine,
  leadPanelMachine,
  leadFormMachine,
  importWizardMachine,
  tagsMachine,
  batchTagMachine,
  contactsTableMachine,
  contactProfileMachine,
  conversationsMachine,
  chatViewMachine,
  chatToolsMachine,
  chatPinsMachine,
  privacyMachine,
  quickReplyPanelMachine,
  autoReplyPanelMachine,
  chatSyncMachine,
  firstRunGuideMachine,
  paymentSurveyMachine,
  eclientAuthMachine,
  storageTokenMachine,
  fileUploadMachine,
  analyticsMachine,
  inviteLinksMachine,
  inviteLinkFormMachine,
  inviteLinkDetailMachine,
  integrationsMachine,
  webhookSettingsMachine,
  webhookDeliveriesMachine,
  webhookPermissionsMachine,
];

/** Machine id -> machine (ids are unique: a duplicate throws here, at load). */
export const replayMachines: ReadonlyMap<string, AnyStateMachine> = (() => {
  const map = new Map<string, AnyStateMachine>();
  for (const machine of machines) {
    if (map.has(machine.id)) throw new Error(`two replayable machines share the id '${machine.id}'`);
    map.set(machine.id, machine);
  }
  return map;
})();
