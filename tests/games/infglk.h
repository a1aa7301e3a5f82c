! infglk.h: the Glk entry points and constants that the standard library
! (6/11, 6/12) calls when compiled for Glulx, written for vinform's game
! tests.  Debian's inform6-library package does not ship this file, so
! the games that compile for Glulx put this folder first on the include
! path (+include_path=./,/usr/share/inform6/library/).
!
! Each routine calls the Glk function with that selector number (from the
! Glk specification's dispatch table) through the glk() system function.
! Only the functions and constants the library uses are here.

System_file;

#Ifdef TARGET_GLULX;
#Ifndef INFGLK_H;
Constant INFGLK_H;

Constant GLK_NULL 0;

Constant evtype_None 0;
Constant evtype_Timer 1;
Constant evtype_CharInput 2;
Constant evtype_LineInput 3;
Constant evtype_MouseInput 4;
Constant evtype_Arrange 5;
Constant evtype_Redraw 6;
Constant evtype_SoundNotify 7;
Constant evtype_Hyperlink 8;

Constant gestalt_Version 0;
Constant gestalt_CharInput 1;
Constant gestalt_LineInput 2;
Constant gestalt_CharOutput 3;
Constant gestalt_MouseInput 4;
Constant gestalt_Timer 5;
Constant gestalt_Graphics 6;
Constant gestalt_DrawImage 7;
Constant gestalt_Sound 8;
Constant gestalt_SoundVolume 9;
Constant gestalt_SoundNotify 10;
Constant gestalt_Hyperlinks 11;
Constant gestalt_HyperlinkInput 12;
Constant gestalt_SoundMusic 13;
Constant gestalt_GraphicsTransparency 14;

Constant style_Normal 0;
Constant style_Emphasized 1;
Constant style_Preformatted 2;
Constant style_Header 3;
Constant style_Subheader 4;
Constant style_Alert 5;
Constant style_Note 6;
Constant style_BlockQuote 7;
Constant style_Input 8;
Constant style_User1 9;
Constant style_User2 10;

Constant wintype_AllTypes 0;
Constant wintype_Pair 1;
Constant wintype_Blank 2;
Constant wintype_TextBuffer 3;
Constant wintype_TextGrid 4;
Constant wintype_Graphics 5;

Constant winmethod_Left 0;
Constant winmethod_Right 1;
Constant winmethod_Above 2;
Constant winmethod_Below 3;
Constant winmethod_Fixed $10;
Constant winmethod_Proportional $20;

Constant fileusage_Data 0;
Constant fileusage_SavedGame 1;
Constant fileusage_Transcript 2;
Constant fileusage_InputRecord 3;
Constant fileusage_TextMode $100;
Constant fileusage_BinaryMode 0;

Constant filemode_Write 1;
Constant filemode_Read 2;
Constant filemode_ReadWrite 3;
Constant filemode_WriteAppend 5;

! Functions, in selector order.
[ glk_gestalt sel val; return glk($04, sel, val); ];
[ glk_window_iterate win rockptr; return glk($20, win, rockptr); ];
[ glk_window_open split method size wintype rock;
  return glk($23, split, method, size, wintype, rock); ];
[ glk_window_close win result; return glk($24, win, result); ];
[ glk_window_get_size win wptr hptr; return glk($25, win, wptr, hptr); ];
[ glk_window_set_arrangement win method size keywin;
  return glk($26, win, method, size, keywin); ];
[ glk_window_get_type win; return glk($28, win); ];
[ glk_window_get_parent win; return glk($29, win); ];
[ glk_window_clear win; return glk($2A, win); ];
[ glk_window_move_cursor win x y; return glk($2B, win, x, y); ];
[ glk_window_get_stream win; return glk($2C, win); ];
[ glk_window_set_echo_stream win str; return glk($2D, win, str); ];
[ glk_window_get_echo_stream win; return glk($2E, win); ];
[ glk_set_window win; return glk($2F, win); ];
[ glk_stream_iterate str rockptr; return glk($40, str, rockptr); ];
[ glk_stream_open_file fref mode rock; return glk($42, fref, mode, rock); ];
[ glk_stream_open_memory buf len mode rock;
  return glk($43, buf, len, mode, rock); ];
[ glk_stream_close str result; return glk($44, str, result); ];
[ glk_stream_set_current str; return glk($47, str); ];
[ glk_stream_get_current; return glk($48); ];
[ glk_fileref_create_by_prompt usage mode rock;
  return glk($62, usage, mode, rock); ];
[ glk_fileref_destroy fref; return glk($63, fref); ];
[ glk_fileref_iterate fref rockptr; return glk($64, fref, rockptr); ];
[ glk_put_char_stream str ch; return glk($81, str, ch); ];
[ glk_put_buffer buf len; return glk($84, buf, len); ];
[ glk_put_buffer_stream str buf len; return glk($85, str, buf, len); ];
[ glk_set_style style; return glk($86, style); ];
[ glk_get_line_stream str buf len; return glk($91, str, buf, len); ];
[ glk_char_to_lower ch; return glk($A0, ch); ];
[ glk_char_to_upper ch; return glk($A1, ch); ];
[ glk_select event; return glk($C0, event); ];
[ glk_request_line_event win buf max init;
  return glk($D0, win, buf, max, init); ];
[ glk_request_char_event win; return glk($D2, win); ];
[ glk_cancel_char_event win; return glk($D3, win); ];
[ glk_request_timer_events ms; return glk($D6, ms); ];
[ glk_schannel_iterate chan rockptr; return glk($F0, chan, rockptr); ];

#Endif; ! INFGLK_H
#Endif; ! TARGET_GLULX
