/**
 * The catalog's metadata as plain data for the reports, and the generator of the documentation
 * site's catalog page ({@link io.github.fabrictck.docs.SitePages}).
 */
package io.github.fabrictck.docs;
