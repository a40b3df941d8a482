/** Members' public entry inside the back office: the product editor names makers from the active members. */
export { MEMBERS_QUERY_ROOT, useMembers } from './api';
export { kwachaOf } from './member-words';
export { memberPath } from './member-list';
