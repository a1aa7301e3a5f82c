! included by lists.inf
[ Helper t; return t-->0; ];
