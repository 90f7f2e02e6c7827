import { defineCompatWalk } from './compat-walk';

/** The contact-us module's one compat line is a resource line: the contract's add/get/update/delete walk calls it. */
export default defineCompatWalk({ module: 'contact-us', served: 1 });
