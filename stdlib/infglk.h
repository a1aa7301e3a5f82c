! infglk.h: the Glk API for Inform 6 programs compiled for Glulx (-G):
! a routine for every function of the Glk specification (0.7.5) and the
! Gargoyle text extensions, named as in C (glk_window_open ...), and the
! specification's constants (evtype_, keycode_, style_, wintype_ ...).
! Part of vinform's stdlib; vinform is under the MIT licence (LICENSE), and
! a story this file is compiled into owes nothing to it.
!
! The standard library (6/11, 6.12) says Include "infglk" when compiled for
! Glulx, and Debian's inform6-library ships no such file.  vinform looks in
! its installed stdlib folder after every library folder, so a library that
! has its own infglk.h keeps it; this one is found only where there is
! none.  For the Z-machine the file is empty.
!
! Each routine passes its arguments, in order, to the glk() system
! function with the function's selector from the specification's table
! ("Table of Selectors", in the dispatch layer); an argument that is a
! pointer in C (glui32 *, event_t *, char *) is the address of an array
! here.  Each returns what the Glk function returns (0 for void ones).
! glk_set_interrupt_handler (selector $0002) is left out: it takes a C
! function, which a Glulx program cannot give.  A program that defines a
! routine of one of these names itself should Replace it first.

System_file;

#Ifdef TARGET_GLULX;
#Ifndef infglk_h;
Constant infglk_h;


Constant GLK_NULL 0;
Constant gestalt_Version 0;
Constant gestalt_CharInput 1;
Constant gestalt_LineInput 2;
Constant gestalt_CharOutput 3;
Constant gestalt_CharOutput_CannotPrint 0;
Constant gestalt_CharOutput_ApproxPrint 1;
Constant gestalt_CharOutput_ExactPrint 2;
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
Constant gestalt_Unicode 15;
Constant gestalt_UnicodeNorm 16;
Constant gestalt_LineInputEcho 17;
Constant gestalt_LineTerminators 18;
Constant gestalt_LineTerminatorKey 19;
Constant gestalt_DateTime 20;
Constant gestalt_Sound2 21;
Constant gestalt_ResourceStream 22;
Constant gestalt_GraphicsCharInput 23;
Constant gestalt_DrawImageScale 24;
Constant gestalt_GarglkText $1100;

Constant evtype_None 0;
Constant evtype_Timer 1;
Constant evtype_CharInput 2;
Constant evtype_LineInput 3;
Constant evtype_MouseInput 4;
Constant evtype_Arrange 5;
Constant evtype_Redraw 6;
Constant evtype_SoundNotify 7;
Constant evtype_Hyperlink 8;
Constant evtype_VolumeNotify 9;

Constant keycode_Unknown $ffffffff;
Constant keycode_Left $fffffffe;
Constant keycode_Right $fffffffd;
Constant keycode_Up $fffffffc;
Constant keycode_Down $fffffffb;
Constant keycode_Return $fffffffa;
Constant keycode_Delete $fffffff9;
Constant keycode_Escape $fffffff8;
Constant keycode_Tab $fffffff7;
Constant keycode_PageUp $fffffff6;
Constant keycode_PageDown $fffffff5;
Constant keycode_Home $fffffff4;
Constant keycode_End $fffffff3;
Constant keycode_Func1 $ffffffef;
Constant keycode_Func2 $ffffffee;
Constant keycode_Func3 $ffffffed;
Constant keycode_Func4 $ffffffec;
Constant keycode_Func5 $ffffffeb;
Constant keycode_Func6 $ffffffea;
Constant keycode_Func7 $ffffffe9;
Constant keycode_Func8 $ffffffe8;
Constant keycode_Func9 $ffffffe7;
Constant keycode_Func10 $ffffffe6;
Constant keycode_Func11 $ffffffe5;
Constant keycode_Func12 $ffffffe4;
Constant keycode_MAXVAL 28;

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
Constant style_NUMSTYLES 11;

Constant wintype_AllTypes 0;
Constant wintype_Pair 1;
Constant wintype_Blank 2;
Constant wintype_TextBuffer 3;
Constant wintype_TextGrid 4;
Constant wintype_Graphics 5;

Constant winmethod_Left $00;
Constant winmethod_Right $01;
Constant winmethod_Above $02;
Constant winmethod_Below $03;
Constant winmethod_DirMask $0f;
Constant winmethod_Fixed $10;
Constant winmethod_Proportional $20;
Constant winmethod_DivisionMask $f0;
Constant winmethod_Border $000;
Constant winmethod_NoBorder $100;
Constant winmethod_BorderMask $100;

Constant fileusage_Data $00;
Constant fileusage_SavedGame $01;
Constant fileusage_Transcript $02;
Constant fileusage_InputRecord $03;
Constant fileusage_TypeMask $0f;
Constant fileusage_TextMode $100;
Constant fileusage_BinaryMode $000;

Constant filemode_Write $01;
Constant filemode_Read $02;
Constant filemode_ReadWrite $03;
Constant filemode_WriteAppend $05;

Constant seekmode_Start 0;
Constant seekmode_Current 1;
Constant seekmode_End 2;

Constant stylehint_Indentation 0;
Constant stylehint_ParaIndentation 1;
Constant stylehint_Justification 2;
Constant stylehint_Size 3;
Constant stylehint_Weight 4;
Constant stylehint_Oblique 5;
Constant stylehint_Proportional 6;
Constant stylehint_TextColor 7;
Constant stylehint_BackColor 8;
Constant stylehint_ReverseColor 9;
Constant stylehint_NUMHINTS 10;
Constant stylehint_just_LeftFlush 0;
Constant stylehint_just_LeftRight 1;
Constant stylehint_just_Centered 2;
Constant stylehint_just_RightFlush 3;

Constant imagealign_InlineUp $01;
Constant imagealign_InlineDown $02;
Constant imagealign_InlineCenter $03;
Constant imagealign_MarginLeft $04;
Constant imagealign_MarginRight $05;
Constant imagerule_WidthOrig $01;
Constant imagerule_WidthFixed $02;
Constant imagerule_WidthRatio $03;
Constant imagerule_WidthMask $03;
Constant imagerule_HeightOrig $04;
Constant imagerule_HeightFixed $08;
Constant imagerule_AspectRatio $0C;
Constant imagerule_HeightMask $0C;

Constant zcolor_Default -1;
Constant zcolor_Current -2;


! Basics and gestalt
[ glk_exit; return glk($0001); ];
[ glk_tick; return glk($0003); ];
[ glk_gestalt sel val; return glk($0004, sel, val); ];
[ glk_gestalt_ext sel val arr arrlen;
    return glk($0005, sel, val, arr, arrlen); ];

! Windows
[ glk_window_iterate win rockptr; return glk($0020, win, rockptr); ];
[ glk_window_get_rock win; return glk($0021, win); ];
[ glk_window_get_root; return glk($0022); ];
[ glk_window_open split method size wintype rock;
    return glk($0023, split, method, size, wintype, rock); ];
[ glk_window_close win result; return glk($0024, win, result); ];
[ glk_window_get_size win widthptr heightptr;
    return glk($0025, win, widthptr, heightptr); ];
[ glk_window_set_arrangement win method size keywin;
    return glk($0026, win, method, size, keywin); ];
[ glk_window_get_arrangement win methodptr sizeptr keywinptr;
    return glk($0027, win, methodptr, sizeptr, keywinptr); ];
[ glk_window_get_type win; return glk($0028, win); ];
[ glk_window_get_parent win; return glk($0029, win); ];
[ glk_window_clear win; return glk($002A, win); ];
[ glk_window_move_cursor win xpos ypos; return glk($002B, win, xpos, ypos); ];
[ glk_window_get_stream win; return glk($002C, win); ];
[ glk_window_set_echo_stream win str; return glk($002D, win, str); ];
[ glk_window_get_echo_stream win; return glk($002E, win); ];
[ glk_set_window win; return glk($002F, win); ];
[ glk_window_get_sibling win; return glk($0030, win); ];

! Streams
[ glk_stream_iterate str rockptr; return glk($0040, str, rockptr); ];
[ glk_stream_get_rock str; return glk($0041, str); ];
[ glk_stream_open_file fileref fmode rock;
    return glk($0042, fileref, fmode, rock); ];
[ glk_stream_open_memory buf buflen fmode rock;
    return glk($0043, buf, buflen, fmode, rock); ];
[ glk_stream_close str result; return glk($0044, str, result); ];
[ glk_stream_set_position str pos seekmode;
    return glk($0045, str, pos, seekmode); ];
[ glk_stream_get_position str; return glk($0046, str); ];
[ glk_stream_set_current str; return glk($0047, str); ];
[ glk_stream_get_current; return glk($0048); ];
[ glk_stream_open_resource filenum rock; return glk($0049, filenum, rock); ];

! File references
[ glk_fileref_create_temp usage rock; return glk($0060, usage, rock); ];
[ glk_fileref_create_by_name usage fname rock;
    return glk($0061, usage, fname, rock); ];
[ glk_fileref_create_by_prompt usage fmode rock;
    return glk($0062, usage, fmode, rock); ];
[ glk_fileref_destroy fref; return glk($0063, fref); ];
[ glk_fileref_iterate fref rockptr; return glk($0064, fref, rockptr); ];
[ glk_fileref_get_rock fref; return glk($0065, fref); ];
[ glk_fileref_delete_file fref; return glk($0066, fref); ];
[ glk_fileref_does_file_exist fref; return glk($0067, fref); ];
[ glk_fileref_create_from_fileref usage fref rock;
    return glk($0068, usage, fref, rock); ];

! Output
[ glk_put_char ch; return glk($0080, ch); ];
[ glk_put_char_stream str ch; return glk($0081, str, ch); ];
[ glk_put_string str_addr; return glk($0082, str_addr); ];
[ glk_put_string_stream str str_addr; return glk($0083, str, str_addr); ];
[ glk_put_buffer buf len; return glk($0084, buf, len); ];
[ glk_put_buffer_stream str buf len; return glk($0085, str, buf, len); ];
[ glk_set_style val; return glk($0086, val); ];
[ glk_set_style_stream str val; return glk($0087, str, val); ];

! Input from streams
[ glk_get_char_stream str; return glk($0090, str); ];
[ glk_get_line_stream str buf len; return glk($0091, str, buf, len); ];
[ glk_get_buffer_stream str buf len; return glk($0092, str, buf, len); ];

! Character case
[ glk_char_to_lower ch; return glk($00A0, ch); ];
[ glk_char_to_upper ch; return glk($00A1, ch); ];

! Style hints
[ glk_stylehint_set wintype styl hint val;
    return glk($00B0, wintype, styl, hint, val); ];
[ glk_stylehint_clear wintype styl hint;
    return glk($00B1, wintype, styl, hint); ];
[ glk_style_distinguish win styl1 styl2;
    return glk($00B2, win, styl1, styl2); ];
[ glk_style_measure win styl hint result;
    return glk($00B3, win, styl, hint, result); ];

! Events
[ glk_select event; return glk($00C0, event); ];
[ glk_select_poll event; return glk($00C1, event); ];
[ glk_request_line_event win buf maxlen initlen;
    return glk($00D0, win, buf, maxlen, initlen); ];
[ glk_cancel_line_event win event; return glk($00D1, win, event); ];
[ glk_request_char_event win; return glk($00D2, win); ];
[ glk_cancel_char_event win; return glk($00D3, win); ];
[ glk_request_mouse_event win; return glk($00D4, win); ];
[ glk_cancel_mouse_event win; return glk($00D5, win); ];
[ glk_request_timer_events millisecs; return glk($00D6, millisecs); ];

! Images and graphics windows
[ glk_image_get_info image width height;
    return glk($00E0, image, width, height); ];
[ glk_image_draw win image val1 val2;
    return glk($00E1, win, image, val1, val2); ];
[ glk_image_draw_scaled win image val1 val2 width height;
    return glk($00E2, win, image, val1, val2, width, height); ];
[ glk_window_flow_break win; return glk($00E8, win); ];
[ glk_window_erase_rect win left top width height;
    return glk($00E9, win, left, top, width, height); ];
[ glk_window_fill_rect win color left top width height;
    return glk($00EA, win, color, left, top, width, height); ];
[ glk_window_set_background_color win color; return glk($00EB, win, color); ];
! (glk() with nine arguments crashes inform6 6.41: the arguments are pushed
! here, last first, and @glk takes them from the stack.)
[ glk_image_draw_scaled_ext win image val1 val2 width height imagerule maxwidth
    r;
    @push maxwidth; @push imagerule; @push height; @push width;
    @push val2; @push val1; @push image; @push win;
    @glk $00EC 8 r;
    return r;
];

! Sound
[ glk_schannel_iterate chan rockptr; return glk($00F0, chan, rockptr); ];
[ glk_schannel_get_rock chan; return glk($00F1, chan); ];
[ glk_schannel_create rock; return glk($00F2, rock); ];
[ glk_schannel_destroy chan; return glk($00F3, chan); ];
[ glk_schannel_create_ext rock volume; return glk($00F4, rock, volume); ];
[ glk_schannel_play_multi chanarray chancount sndarray soundcount notify;
    return glk($00F7, chanarray, chancount, sndarray, soundcount, notify); ];
[ glk_schannel_play chan snd; return glk($00F8, chan, snd); ];
[ glk_schannel_play_ext chan snd repeats notify;
    return glk($00F9, chan, snd, repeats, notify); ];
[ glk_schannel_stop chan; return glk($00FA, chan); ];
[ glk_schannel_set_volume chan vol; return glk($00FB, chan, vol); ];
[ glk_sound_load_hint snd flag; return glk($00FC, snd, flag); ];
[ glk_schannel_set_volume_ext chan vol duration notify;
    return glk($00FD, chan, vol, duration, notify); ];
[ glk_schannel_pause chan; return glk($00FE, chan); ];
[ glk_schannel_unpause chan; return glk($00FF, chan); ];

! Hyperlinks
[ glk_set_hyperlink linkval; return glk($0100, linkval); ];
[ glk_set_hyperlink_stream str linkval; return glk($0101, str, linkval); ];
[ glk_request_hyperlink_event win; return glk($0102, win); ];
[ glk_cancel_hyperlink_event win; return glk($0103, win); ];

! Unicode
[ glk_buffer_to_lower_case_uni buf len numchars;
    return glk($0120, buf, len, numchars); ];
[ glk_buffer_to_upper_case_uni buf len numchars;
    return glk($0121, buf, len, numchars); ];
[ glk_buffer_to_title_case_uni buf len numchars lowerrest;
    return glk($0122, buf, len, numchars, lowerrest); ];
[ glk_buffer_canon_decompose_uni buf len numchars;
    return glk($0123, buf, len, numchars); ];
[ glk_buffer_canon_normalize_uni buf len numchars;
    return glk($0124, buf, len, numchars); ];
[ glk_put_char_uni ch; return glk($0128, ch); ];
[ glk_put_string_uni str_addr; return glk($0129, str_addr); ];
[ glk_put_buffer_uni buf len; return glk($012A, buf, len); ];
[ glk_put_char_stream_uni str ch; return glk($012B, str, ch); ];
[ glk_put_string_stream_uni str str_addr; return glk($012C, str, str_addr); ];
[ glk_put_buffer_stream_uni str buf len; return glk($012D, str, buf, len); ];
[ glk_get_char_stream_uni str; return glk($0130, str); ];
[ glk_get_buffer_stream_uni str buf len; return glk($0131, str, buf, len); ];
[ glk_get_line_stream_uni str buf len; return glk($0132, str, buf, len); ];
[ glk_stream_open_file_uni fileref fmode rock;
    return glk($0138, fileref, fmode, rock); ];
[ glk_stream_open_memory_uni buf buflen fmode rock;
    return glk($0139, buf, buflen, fmode, rock); ];
[ glk_stream_open_resource_uni filenum rock;
    return glk($013A, filenum, rock); ];
[ glk_request_char_event_uni win; return glk($0140, win); ];
[ glk_request_line_event_uni win buf maxlen initlen;
    return glk($0141, win, buf, maxlen, initlen); ];

! Line input options
[ glk_set_echo_line_event win val; return glk($0150, win, val); ];
[ glk_set_terminators_line_event win keycodes count;
    return glk($0151, win, keycodes, count); ];

! Date and time
[ glk_current_time tv; return glk($0160, tv); ];
[ glk_current_simple_time factor; return glk($0161, factor); ];
[ glk_time_to_date_utc tv dt; return glk($0168, tv, dt); ];
[ glk_time_to_date_local tv dt; return glk($0169, tv, dt); ];
[ glk_simple_time_to_date_utc tv factor dt;
    return glk($016A, tv, factor, dt); ];
[ glk_simple_time_to_date_local tv factor dt;
    return glk($016B, tv, factor, dt); ];
[ glk_date_to_time_utc dt tv; return glk($016C, dt, tv); ];
[ glk_date_to_time_local dt tv; return glk($016D, dt, tv); ];
[ glk_date_to_simple_time_utc dt factor; return glk($016E, dt, factor); ];
[ glk_date_to_simple_time_local dt factor; return glk($016F, dt, factor); ];

! Gargoyle text extensions (gestalt_GarglkText tells whether they work)
[ garglk_set_zcolors fg bg; return glk($1100, fg, bg); ];
[ garglk_set_zcolors_stream str fg bg; return glk($1101, str, fg, bg); ];
[ garglk_set_reversevideo reverse; return glk($1102, reverse); ];
[ garglk_set_reversevideo_stream str reverse;
    return glk($1103, str, reverse); ];

#Endif; ! infglk_h
#Endif; ! TARGET_GLULX
