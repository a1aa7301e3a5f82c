! SPDX-License-Identifier: MIT (see LICENSE: a story this is compiled into owes nothing to it)
! ==========================================================================
!  veneer.h -- vinform's veneer: the run-time support compiled code calls.
!
!  Takes: the target chosen on the command line. Gives: veneer-z.h for the
!  Z-machine, veneer-g.h for Glulx. A program (or a test) that wants these
!  routines instead of its compiler's built-in veneer includes this file
!  last, after everything else, since some routines look at what the
!  program defined (action, LibSerial, debug_flag ...). vinform itself
!  reads veneer-z.h / veneer-g.h and compiles only the routines a story
!  needs; see the header of those files.
! ==========================================================================

System_file;

#Ifdef TARGET_ZCODE;
Include "veneer-z";
#Ifnot;
Include "veneer-g";
#Endif;
