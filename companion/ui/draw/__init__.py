"""Drawing a view model into the panel's 1-bit pixels (or plain text): layout, ink, fonts, lists, chart, map."""
