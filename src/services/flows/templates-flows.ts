/**
 * The template centre's screen flows (SPEC §2 /template-center/tabs, /quick-reply, /auto-reply;
 * admins only, SPEC §6), each started by the app system while its screen shows: the tab sets with
 * their dialog, the quick replies with their dialog, the storage token and the uploads, the auto
 * replies with one flow per template.
 */
import { autoRepliesMachine } from '../../machines/auto-replies.machine';
import { quickRepliesMachine } from '../../machines/quick-replies.machine';
import { tabSetsMachine } from '../../machines/tab-sets.machine';
import { autoRepliesEffects, quickRepliesEffects, tabSetsEffects } from '../actors/templates';
import { defineScreenFlow } from '../flow-definition';

export const tabSetsFlows = [defineScreenFlow({ systemId: 'tabSets', machine: tabSetsMachine, effects: tabSetsEffects })];

export const quickRepliesFlows = [defineScreenFlow({ systemId: 'quickReplies', machine: quickRepliesMachine, effects: quickRepliesEffects })];

export const autoRepliesFlows = [defineScreenFlow({ systemId: 'autoReplies', machine: autoRepliesMachine, effects: autoRepliesEffects })];
