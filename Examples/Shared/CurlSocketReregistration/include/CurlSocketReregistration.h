// Nothing to call: linking this target is what it does (see CurlSocketReregistration.c).
