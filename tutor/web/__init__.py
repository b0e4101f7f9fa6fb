"""The page's side: ``protocol`` (the requests the page sends and the answers it gets), ``board_input``
(the one interpreter of every board's clicks and keys), ``widgets`` (the boards and controls a page
holds), ``render`` (the one HTML renderer, at build time and live), ``site_messages`` (the page
script's words)."""
