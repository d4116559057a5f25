; The Windows installer of the kiosk, built on Linux with Debian's NSIS (64-bit stub):
;
;   makensis -DVERSION=0.1.0 -DBUNDLE=dist/kiosk-app -DOUTFILE=dist/kiosk-app-0.1.0-setup.exe \
;       packaging/windows/kiosk-app.nsi
;
; (tests/packaging/test_windows.py builds it and runs it under Wine; -DCOMPRESSOR=zlib
; builds faster than the default lzma.)
;
; Per machine, into "Program Files\kiosk-app" (or /D=FOLDER), with Start-menu entries, an
; entry in Apps & features, and the Windows Error Reporting settings for the kiosk's crashes
; (small dumps only: a full dump would hold whatever licence was in memory).
;
;   kiosk-app-<version>-setup.exe /S [/D=C:\Folder]      silent install (/D= last, unquoted)
;   kiosk-app-<version>-setup.exe /S /KIOSKUSER=kiosk    ... and start the kiosk in kiosk mode
;                                                        when that user signs in (a logon task;
;                                                        an upgrade keeps it, /KIOSKUSER= ends it)
;   uninstall.exe /S [/PURGE]                            silent uninstall; /PURGE also removes
;                                                        the managed file, and this user's
;                                                        settings, PIN, usage database and logs
;
; Installing over an earlier version upgrades in place: the program files are replaced, and
; nothing else is touched. Settings, the PIN and the usage database never live in the program
; folder (kiosk_app/paths.py: %LOCALAPPDATA%\kiosk\kiosk-app of the kiosk user; the managed
; file in %ProgramData%\kiosk-app; the API token in Windows Credential Manager), so an
; upgrade keeps them and an uninstall keeps them unless /PURGE is given.

!ifndef VERSION
  !error "makensis -DVERSION=x.y.z"
!endif
!ifndef BUNDLE
  !error "makensis -DBUNDLE=path/to/dist/kiosk-app"
!endif
!ifndef OUTFILE
  !define OUTFILE "kiosk-app-${VERSION}-setup.exe"
!endif
!ifndef COMPRESSOR
  !define COMPRESSOR "lzma"
!endif

; Optional release step: -DSIGN_COMMAND="signtool sign /fd SHA256 /a /tr URL /td SHA256" signs
; the installer and the uninstaller it carries as makensis writes them (sign the bundle's two
; executables before building; build-windows.ps1 -Sign does both).
!ifdef SIGN_COMMAND
  !finalize '${SIGN_COMMAND} "%1"'
  !uninstfinalize '${SIGN_COMMAND} "%1"'
!endif

!define APP "kiosk-app"
!define PUBLISHER "kiosk"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP}"
!define APP_KEY "Software\${APP}"
!define WER_KEY "Software\Microsoft\Windows\Windows Error Reporting\LocalDumps"
!define LOGON_TASK "kiosk-app kiosk mode"

Target amd64-unicode
Unicode true
SetCompressor /SOLID ${COMPRESSOR}
ManifestDPIAware true
RequestExecutionLevel admin
Name "${APP} ${VERSION}"
OutFile "${OUTFILE}"
InstallDir "$PROGRAMFILES64\${APP}"
InstallDirRegKey HKLM "${APP_KEY}" "InstallDir"
BrandingText "${APP} ${VERSION}"

!include "MUI2.nsh"
!include "FileFunc.nsh"
!include "LogicLib.nsh"
!include "x64.nsh"

!define MUI_ICON "app-icon.ico"  ; makensis works in this folder
!define MUI_UNICON "app-icon.ico"  ; makensis works in this folder
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "French"

VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=${LANG_ENGLISH} "ProductName" "${APP}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "FileDescription" "${APP} installer"
VIAddVersionKey /LANG=${LANG_ENGLISH} "LegalCopyright" "${PUBLISHER}"

Var KioskUser

Function .onInit
  ${IfNot} ${RunningX64}
    MessageBox MB_OK|MB_ICONSTOP "${APP} needs 64-bit Windows." /SD IDOK
    Abort
  ${EndIf}
  SetRegView 64
  SetShellVarContext all
  ; /KIOSKUSER=name sets the kiosk user, /KIOSKUSER= alone removes the auto-start; without it
  ; an upgrade keeps the kiosk user of the installed version.
  ${GetParameters} $R0
  ClearErrors
  ${GetOptions} $R0 "/KIOSKUSER=" $KioskUser
  ${If} ${Errors}
    ReadRegStr $KioskUser HKLM "${APP_KEY}" "KioskUser"
  ${EndIf}
FunctionEnd

Function un.onInit
  SetRegView 64
  SetShellVarContext all
FunctionEnd

; The dump folder is expanded for the user whose kiosk crashed (WerFault writes the dump as that
; user): the kiosk user's own data folder, which that user may write and other users cannot
; read, and which /PURGE removes with the rest of that user's data (a folder under %ProgramData%
; is only readable by Users: a standard kiosk user's dumps could not be written there).
!macro SmallCrashDumps EXE
  WriteRegDWORD HKLM "${WER_KEY}\${EXE}" "DumpType" 0
  WriteRegDWORD HKLM "${WER_KEY}\${EXE}" "CustomDumpFlags" 0
  WriteRegDWORD HKLM "${WER_KEY}\${EXE}" "DumpCount" 3
  WriteRegExpandStr HKLM "${WER_KEY}\${EXE}" "DumpFolder" "%LOCALAPPDATA%\${PUBLISHER}\${APP}\CrashDumps"
!macroend

; The program: the bundle replaces what an earlier version installed (upgrade in place).
Section "${APP}" SecProgram
  SectionIn RO
  SetOutPath "$INSTDIR"
  RMDir /r "$INSTDIR\_internal"
  File /r "${BUNDLE}\*"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  WriteRegStr HKLM "${APP_KEY}" "InstallDir" "$INSTDIR"
  WriteRegStr HKLM "${APP_KEY}" "Version" "${VERSION}"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayName" "${APP}"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\kiosk-app.exe"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKLM "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKLM "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKLM "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKLM "${UNINSTALL_KEY}" "EstimatedSize" $0

  CreateDirectory "$SMPROGRAMS\${APP}"
  CreateShortcut "$SMPROGRAMS\${APP}\${APP}.lnk" "$INSTDIR\kiosk-app.exe"
  CreateShortcut "$SMPROGRAMS\${APP}\${APP} (demo).lnk" "$INSTDIR\kiosk-app.exe" "--demo"

  ; Windows Error Reporting keeps a small dump of a kiosk crash (DumpType 0 = custom, with
  ; CustomDumpFlags 0 = MiniDumpNormal: thread stacks and module list, no heap), never a
  ; full dump: the heap would hold the licence being checked.
  !insertmacro SmallCrashDumps "kiosk-app.exe"
  !insertmacro SmallCrashDumps "kiosk-app-cli.exe"
SectionEnd

; Optional: the kiosk in kiosk mode when the kiosk user signs in (/KIOSKUSER=name): a logon
; task of that user, run in that user's session with its own rights; nobody else's sign-in
; starts it. Registered from XML (schtasks /XML), kept as kiosk-logon-task.xml in the program
; folder for IT to inspect or re-register. Shell Launcher or Assigned Access (README-windows.md)
; lock the desk down further.
Section "-autostart" SecAutostart
  nsExec::Exec '"$SYSDIR\schtasks.exe" /Delete /TN "${LOGON_TASK}" /F'
  Pop $0
  ${If} $KioskUser != ""
    FileOpen $1 "$INSTDIR\kiosk-logon-task.xml" w
    FileWriteWord $1 0xFEFF
    FileWriteUTF16LE $1 '<?xml version="1.0" encoding="UTF-16"?>$\r$\n'
    FileWriteUTF16LE $1 '<Task version="1.2" xmlns="http://schemas.microsoft.com/windows/2004/02/mit/task">$\r$\n'
    FileWriteUTF16LE $1 '  <RegistrationInfo><Description>${APP} in kiosk mode when $KioskUser signs in</Description></RegistrationInfo>$\r$\n'
    FileWriteUTF16LE $1 '  <Triggers><LogonTrigger><Enabled>true</Enabled><UserId>$KioskUser</UserId></LogonTrigger></Triggers>$\r$\n'
    FileWriteUTF16LE $1 '  <Principals><Principal id="Kiosk"><UserId>$KioskUser</UserId><LogonType>InteractiveToken</LogonType><RunLevel>LeastPrivilege</RunLevel></Principal></Principals>$\r$\n'
    FileWriteUTF16LE $1 '  <Settings><MultipleInstancesPolicy>IgnoreNew</MultipleInstancesPolicy><DisallowStartIfOnBatteries>false</DisallowStartIfOnBatteries><StopIfGoingOnBatteries>false</StopIfGoingOnBatteries><ExecutionTimeLimit>PT0S</ExecutionTimeLimit><Enabled>true</Enabled></Settings>$\r$\n'
    FileWriteUTF16LE $1 '  <Actions Context="Kiosk"><Exec><Command>"$INSTDIR\kiosk-app.exe"</Command><Arguments>--kiosk</Arguments></Exec></Actions>$\r$\n'
    FileWriteUTF16LE $1 '</Task>$\r$\n'
    FileClose $1
    nsExec::ExecToLog '"$SYSDIR\schtasks.exe" /Create /TN "${LOGON_TASK}" /XML "$INSTDIR\kiosk-logon-task.xml" /F'
    Pop $0
    WriteRegStr HKLM "${APP_KEY}" "KioskUser" "$KioskUser"
    ${If} $0 != 0
      MessageBox MB_OK|MB_ICONEXCLAMATION "The logon task for $KioskUser could not be created (schtasks: $0)." /SD IDOK
      SetErrorLevel 2
    ${EndIf}
  ${Else}
    Delete "$INSTDIR\kiosk-logon-task.xml"
    DeleteRegValue HKLM "${APP_KEY}" "KioskUser"
  ${EndIf}
SectionEnd

Section "Uninstall"
  nsExec::Exec '"$SYSDIR\schtasks.exe" /Delete /TN "${LOGON_TASK}" /F'
  Pop $0
  Delete "$SMPROGRAMS\${APP}\${APP}.lnk"
  Delete "$SMPROGRAMS\${APP}\${APP} (demo).lnk"
  RMDir "$SMPROGRAMS\${APP}"
  ; What the installer put in the program folder, and the folder if nothing else is left.
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\kiosk-app.exe"
  Delete "$INSTDIR\kiosk-app-cli.exe"
  Delete "$INSTDIR\kiosk-logon-task.xml"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKLM "${UNINSTALL_KEY}"
  DeleteRegKey HKLM "${APP_KEY}"
  DeleteRegKey HKLM "${WER_KEY}\kiosk-app.exe"
  DeleteRegKey HKLM "${WER_KEY}\kiosk-app-cli.exe"

  ${GetParameters} $R0
  ClearErrors
  ${GetOptions} $R0 "/PURGE" $R1
  ${IfNot} ${Errors}
    ; The managed file (machine), this user's settings, PIN, usage database, logs and crash
    ; dumps. Other users' folders and their Credential Manager entries stay (see docs).
    RMDir /r "$APPDATA\${APP}"  ; all users: %ProgramData%
    SetShellVarContext current
    RMDir /r "$LOCALAPPDATA\${PUBLISHER}\${APP}"
    RMDir "$LOCALAPPDATA\${PUBLISHER}"
    SetShellVarContext all
  ${EndIf}
SectionEnd
