<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="2" mpi-library="MPICH Version:&#9;4.0.2" tracer="0.1.0">
  <arg>/work/main/build/dev/tests/irregular/pscw</arg>
  <arg>-i</arg>
  <arg>10</arg>
  <arg>-w</arg>
  <arg>2000</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="0" ratio="2.119047619047619" trace-length="178" signature-length="84"/>
 <sites>
  <site id="0" module="/work/main/build/dev/tests/irregular/pscw" offset="4693" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="29"/>
  <site id="1" module="/work/main/build/dev/tests/irregular/pscw" offset="5294" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="45"/>
  <site id="2" module="/work/main/build/dev/tests/irregular/pscw" offset="5401" function="group_of" file="/work/main/tests/e2e/irregular/pscw.c" line="22"/>
  <site id="3" module="/work/main/build/dev/tests/irregular/pscw" offset="5451" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="51"/>
  <site id="4" module="/work/main/build/dev/tests/irregular/pscw" offset="5487" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="52"/>
  <site id="5" module="/work/main/build/dev/tests/irregular/pscw" offset="5509" function="irr_clock" file="/work/main/tests/e2e/irregular/common.h" line="36"/>
  <site id="6" module="/work/main/build/dev/tests/irregular/pscw" offset="5648" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="58"/>
  <site id="7" module="/work/main/build/dev/tests/irregular/pscw" offset="5669" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="59"/>
  <site id="8" module="/work/main/build/dev/tests/irregular/pscw" offset="5711" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="60"/>
  <site id="9" module="/work/main/build/dev/tests/irregular/pscw" offset="5751" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="61"/>
  <site id="10" module="/work/main/build/dev/tests/irregular/pscw" offset="5794" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="62"/>
  <site id="11" module="/work/main/build/dev/tests/irregular/pscw" offset="5806" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="63"/>
  <site id="12" module="/work/main/build/dev/tests/irregular/pscw" offset="5818" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="64"/>
  <site id="13" module="/work/main/build/dev/tests/irregular/pscw" offset="6543" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="71"/>
  <site id="14" module="/work/main/build/dev/tests/irregular/pscw" offset="6555" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="72"/>
  <site id="15" module="/work/main/build/dev/tests/irregular/pscw" offset="6036" function="irr_clock" file="/work/main/tests/e2e/irregular/common.h" line="36"/>
  <site id="16" module="/work/main/build/dev/tests/irregular/pscw" offset="6093" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="85"/>
  <site id="17" module="/work/main/build/dev/tests/irregular/pscw" offset="6103" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="86"/>
  <site id="18" module="/work/main/build/dev/tests/irregular/pscw" offset="6113" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="87"/>
  <site id="19" module="/work/main/build/dev/tests/irregular/pscw" offset="6126" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="88"/>
  <site id="20" module="/work/main/build/dev/tests/irregular/pscw" offset="6136" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="89"/>
  <site id="21" module="/work/main/build/dev/tests/irregular/pscw" offset="6146" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="90"/>
  <site id="22" module="/work/main/build/dev/tests/irregular/pscw" offset="6189" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="97"/>
  <site id="23" module="/work/main/build/dev/tests/irregular/pscw" offset="6343" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="76"/>
  <site id="24" module="/work/main/build/dev/tests/irregular/pscw" offset="6400" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="77"/>
  <site id="25" module="/work/main/build/dev/tests/irregular/pscw" offset="6412" function="main" file="/work/main/tests/e2e/irregular/pscw.c" line="78"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="88" time-ns="116253380" compute-ns="160758" mpi-ns="100051348" per-event-ns="130" comms="0 -"/>
  <rank id="1" class="1" events="90" time-ns="118823088" compute-ns="0" mpi-ns="109124945" per-event-ns="1933" comms="0 -"/>
 </ranks>
 <class id="0" ranks="0" program="1" events="88" length="41" time-ns="1.1625338e+08">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="7745" max="7745" shift="130"/>
   <duration min="98940753" max="98940753"/>
  </symbol>
  <symbol id="1" call="MPI_Win_create" comm="0" obj="0" site="1" prev-site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="19767" max="19767" shift="130"/>
   <duration min="543800" max="543800"/>
  </symbol>
  <symbol id="2" call="MPI_Group_incl" comm="0" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="13470" max="13470" shift="130"/>
   <duration min="2164" max="2164"/>
  </symbol>
  <symbol id="3" call="MPI_Group_incl" comm="0" site="3" prev-site="2" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="582" max="582" shift="130"/>
   <duration min="140" max="140"/>
  </symbol>
  <symbol id="4" call="MPI_Group_excl" comm="0" site="4" prev-site="3" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="751" max="751" shift="130"/>
   <duration min="1764" max="1764"/>
  </symbol>
  <symbol id="5" call="MPI_Barrier" comm="0" site="5" prev-site="4" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="1092" max="1092" shift="130"/>
   <duration min="15329" max="15329"/>
  </symbol>
  <symbol id="6" call="MPI_Win_post" comm="0" obj="0" site="6" prev-site="5" occurrences="1">
   <member kind="any"/>
   <side role="member" events="1" count="0"/>
   <compute min="4248" max="4248" shift="130"/>
   <duration min="4949" max="4949"/>
  </symbol>
  <symbol id="7" call="MPI_Win_start" comm="0" obj="0" site="7" prev-site="6" occurrences="10">
   <member kind="rel" value="1"/>
   <side role="member" events="10" count="0"/>
   <compute mean="1109.1" min="10" max="9718" shift="130" buckets="162:1 243:1 278:3 350:1 390:1 418:1 441:1 659:1"/>
   <duration mean="1006.9" min="160" max="3457" buckets="362:1 366:1 412:1 418:1 458:2 467:1 518:1 556:1 584:1"/>
  </symbol>
  <symbol id="8" call="MPI_Put" comm="0" obj="0" dtsize="8" site="8" prev-site="7" occurrences="10">
   <peer kind="rel" value="1"/>
   <side role="member" events="10" count="512" bytes="4096"/>
   <compute mean="136.2" min="0" max="1012" shift="130" zeros="5" buckets="262:1 313:1 337:1 345:1 498:1"/>
   <duration mean="9176.4" min="4279" max="28393" buckets="602:1 604:1 623:1 625:2 628:1 629:1 666:1 675:1 736:1"/>
  </symbol>
  <symbol id="9" call="MPI_Put" comm="0" obj="0" dtsize="8" site="9" prev-site="8" occurrences="10">
   <peer kind="rel" value="1"/>
   <side role="member" events="10" count="512" bytes="4096"/>
   <compute mean="1029.1" min="0" max="9358" shift="130" zeros="3" buckets="212:1 243:1 343:2 413:2 656:1"/>
   <duration mean="7404.6" min="3967" max="13685" buckets="596:1 604:1 622:1 624:2 625:2 649:1 680:1 683:1"/>
  </symbol>
  <symbol id="10" call="MPI_Get" comm="0" obj="0" dtsize="8" site="10" prev-site="9" occurrences="10">
   <peer kind="rel" value="1"/>
   <side role="member" events="10" count="512" rbytes="4096"/>
   <compute mean="178.2" min="0" max="1162" shift="130" zeros="2" buckets="50:1 162:1 212:1 243:1 358:1 370:1 386:1 507:1"/>
   <duration mean="2286.4" min="91" max="6984" buckets="321:1 358:1 452:1 551:1 552:1 554:1 558:1 569:1 581:1 635:1"/>
  </symbol>
  <symbol id="11" call="MPI_Win_complete" comm="0" obj="0" site="11" prev-site="10" occurrences="10">
   <side role="member" events="10" count="0"/>
   <compute mean="190.5" min="0" max="891" shift="130" zeros="2" buckets="212:1 350:1 358:1 362:2 366:1 390:1 486:1"/>
   <duration mean="29260.7" min="16361" max="62407" buckets="699:1 713:1 715:1 718:1 719:1 736:1 738:1 749:1 755:1 795:1"/>
  </symbol>
  <symbol id="12" call="MPI_Win_wait" comm="0" obj="0" site="12" prev-site="11" occurrences="10">
   <side role="member" events="10" count="0"/>
   <compute mean="742.1" min="0" max="2755" shift="130" zeros="2" buckets="162:2 212:1 418:1 425:1 537:1 551:1 567:1"/>
   <duration mean="542.2" min="20" max="1883" buckets="212:1 262:2 354:1 362:1 378:1 476:1 486:1 512:1 541:1"/>
  </symbol>
  <symbol id="13" call="MPI_Win_post" comm="0" obj="0" site="6" prev-site="12" occurrences="8">
   <member kind="rel" value="1"/>
   <side role="member" events="8" count="0"/>
   <compute mean="4083.875" min="3898" max="4608" shift="130" buckets="595:3 596:1 597:1 600:1 601:1 605:1"/>
   <duration mean="273.125" min="170" max="491" buckets="366:2 378:1 386:1 389:1 390:1 441:1 445:1"/>
  </symbol>
  <symbol id="14" call="MPI_Win_post" comm="0" obj="0" site="13" prev-site="12" occurrences="2">
   <member kind="rel" value="1"/>
   <side role="member" events="2" count="0"/>
   <compute min="3607" max="3607" shift="130"/>
   <duration min="160" max="201"/>
  </symbol>
  <symbol id="15" call="MPI_Win_wait" comm="0" obj="0" site="14" prev-site="13" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="50" max="1113" shift="130"/>
   <duration min="1262" max="9457"/>
  </symbol>
  <symbol id="16" call="MPI_Win_post" comm="0" obj="0" site="6" prev-site="14" occurrences="1">
   <member kind="rel" value="1"/>
   <side role="member" events="1" count="0"/>
   <compute mean="1453" min="1453" max="1453" shift="130" buckets="521:1"/>
   <duration min="181" max="181"/>
  </symbol>
  <symbol id="17" call="MPI_Barrier" comm="0" site="15" prev-site="14" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="872" min="872" max="872" shift="130" buckets="484:1"/>
   <duration min="3036" max="3036"/>
  </symbol>
  <symbol id="18" call="MPI_Allreduce" comm="0" dtsize="8" op="MPI_SUM" site="16" prev-site="15" occurrences="1">
   <side role="member" events="1" count="1" bytes="8" rbytes="8"/>
   <compute min="2675" max="2675" shift="130"/>
   <duration min="10700" max="10700"/>
  </symbol>
  <symbol id="19" call="MPI_Group_free" comm="0" site="17" prev-site="16" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="4920" min="4920" max="4920" shift="130" buckets="609:1"/>
   <duration min="631" max="631"/>
  </symbol>
  <symbol id="20" call="MPI_Group_free" comm="0" site="18" prev-site="17" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="441" min="441" max="441" shift="130" buckets="435:1"/>
   <duration min="50" max="50"/>
  </symbol>
  <symbol id="21" call="MPI_Group_free" comm="0" site="19" prev-site="18" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="100" min="100" max="100" shift="130" buckets="327:1"/>
   <duration min="81" max="81"/>
  </symbol>
  <symbol id="22" call="MPI_Group_free" comm="0" site="20" prev-site="19" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="340" max="340" shift="130"/>
   <duration min="31" max="31"/>
  </symbol>
  <symbol id="23" call="MPI_Win_free" comm="0" obj="0" site="21" prev-site="20" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="431" min="431" max="431" shift="130" buckets="433:1"/>
   <duration min="17702" max="17702"/>
  </symbol>
  <symbol id="24" call="MPI_Finalize" comm="0" site="22" prev-site="21" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="27121" min="27121" max="27121" shift="130" buckets="733:1"/>
   <compute-cpu mean="25558" min="25558" max="25558" shift="130" buckets="728:1"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="0" events="7" time-ns="57419.4">
   <s ref="7"/>
   <s ref="8"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
  </block>
  <block id="1" events="88" time-ns="1271502.9999999998">
   <s ref="0"/>
   <s ref="1"/>
   <s ref="2"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
   <loop body="0" count="4"/>
   <s ref="7"/>
   <s ref="8"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <loop body="0" count="4"/>
   <s ref="7"/>
   <s ref="8"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="17"/>
   <s ref="18"/>
   <s ref="19"/>
   <s ref="20"/>
   <s ref="21"/>
   <s ref="22"/>
   <s ref="23"/>
   <s ref="24"/>
  </block>
  <dominant block="0" count="4" share="0.36126945827103835" iteration-ns="57419.4"/>
 </class>
 <class id="1" ranks="1" program="3" events="90" length="43" time-ns="118823088">
  <symbol id="25" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="8837" max="8837" shift="1933"/>
   <duration min="101519518" max="101519518"/>
  </symbol>
  <symbol id="26" call="MPI_Win_create" comm="0" obj="0" site="1" prev-site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="14377" max="14377" shift="1933"/>
   <duration min="7042256" max="7042256"/>
  </symbol>
  <symbol id="27" call="MPI_Group_incl" comm="0" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="13039" max="13039" shift="1933"/>
   <duration min="2144" max="2144"/>
  </symbol>
  <symbol id="28" call="MPI_Group_incl" comm="0" site="3" prev-site="2" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="1933"/>
   <duration min="391" max="391"/>
  </symbol>
  <symbol id="29" call="MPI_Group_excl" comm="0" site="4" prev-site="3" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="1933"/>
   <duration min="1303" max="1303"/>
  </symbol>
  <symbol id="30" call="MPI_Barrier" comm="0" site="5" prev-site="4" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="1933"/>
   <duration min="12323" max="12323"/>
  </symbol>
  <symbol id="31" call="MPI_Win_post" comm="0" obj="0" site="6" prev-site="5" occurrences="1">
   <member kind="rel" value="-1"/>
   <side role="member" events="1" count="0"/>
   <compute mean="2325" min="2325" max="2325" shift="1933" buckets="555:1"/>
   <duration min="4889" max="4889"/>
  </symbol>
  <symbol id="32" call="MPI_Win_start" comm="0" obj="0" site="7" prev-site="6" occurrences="10">
   <member kind="rel" value="-1"/>
   <side role="member" events="10" count="0"/>
   <compute mean="781.5" min="0" max="7865" shift="1933" zeros="9" buckets="645:1"/>
   <duration mean="860.6" min="110" max="3186" buckets="335:1 362:1 382:1 410:2 426:1 492:1 498:1 545:1 577:1"/>
  </symbol>
  <symbol id="33" call="MPI_Put" comm="0" obj="0" dtsize="8" site="8" prev-site="7" occurrences="10">
   <peer kind="rel" value="-1"/>
   <side role="member" events="10" count="512" bytes="4096"/>
   <compute mean="0" min="0" max="0" shift="1933" zeros="10" buckets=""/>
   <duration mean="9865.5" min="4379" max="32751" buckets="603:2 604:1 628:1 629:1 651:1 656:1 666:1 668:1 749:1"/>
  </symbol>
  <symbol id="34" call="MPI_Put" comm="0" obj="0" dtsize="8" site="9" prev-site="8" occurrences="10">
   <peer kind="rel" value="-1"/>
   <side role="member" events="10" count="512" bytes="4096"/>
   <compute mean="531.7" min="0" max="5330" shift="1933" zeros="9" buckets="614:1"/>
   <duration mean="6568.3" min="4228" max="11171" buckets="601:2 607:1 624:2 626:1 627:1 642:1 654:1 668:1"/>
  </symbol>
  <symbol id="35" call="MPI_Get" comm="0" obj="0" dtsize="8" site="10" prev-site="9" occurrences="10">
   <peer kind="rel" value="-1"/>
   <side role="member" events="10" count="512" rbytes="4096"/>
   <compute mean="0" min="0" max="0" shift="1933" zeros="10" buckets=""/>
   <duration mean="3867.2" min="110" max="14628" buckets="335:1 343:1 550:1 551:1 554:1 564:1 568:1 600:1 645:1 689:1"/>
  </symbol>
  <symbol id="36" call="MPI_Win_complete" comm="0" obj="0" site="11" prev-site="10" occurrences="10">
   <side role="member" events="10" count="0"/>
   <compute mean="0" min="0" max="0" shift="1933" zeros="10" buckets=""/>
   <duration mean="27711.6" min="15188" max="47749" buckets="692:1 700:1 707:1 710:1 724:1 726:1 747:1 757:1 761:1 772:1"/>
  </symbol>
  <symbol id="37" call="MPI_Win_wait" comm="0" obj="0" site="12" prev-site="11" occurrences="10">
   <side role="member" events="10" count="0"/>
   <compute mean="141.9" min="0" max="1183" shift="1933" zeros="7" buckets="267:1 368:1 508:1"/>
   <duration mean="813.6" min="60" max="2816" buckets="293:1 335:1 402:1 422:1 434:1 462:1 476:1 511:1 518:1 568:1"/>
  </symbol>
  <symbol id="38" call="MPI_Win_post" comm="0" obj="0" site="6" prev-site="12" occurrences="8">
   <member kind="rel" value="-1"/>
   <side role="member" events="8" count="0"/>
   <compute mean="2268.625" min="2074" max="2836" shift="1933" buckets="550:2 551:2 552:1 557:1 559:1 569:1"/>
   <duration mean="266.5" min="170" max="380" buckets="366:3 370:1 414:1 420:1 422:1 424:1"/>
  </symbol>
  <symbol id="39" call="MPI_Win_start" comm="0" obj="0" site="23" prev-site="12" occurrences="2">
   <member kind="rel" value="-1"/>
   <side role="member" events="2" count="0"/>
   <compute mean="1888.5" min="1783" max="1994" shift="1933" buckets="536:1 546:1"/>
   <duration min="361" max="391"/>
  </symbol>
  <symbol id="40" call="MPI_Put" comm="0" obj="0" dtsize="8" site="24" prev-site="23" occurrences="2">
   <peer kind="rel" value="-1"/>
   <side role="member" events="2" count="1" bytes="8"/>
   <compute min="0" max="0" shift="1933"/>
   <duration min="141" max="4168"/>
  </symbol>
  <symbol id="41" call="MPI_Win_complete" comm="0" obj="0" site="25" prev-site="24" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="0" max="0" shift="1933"/>
   <duration min="601" max="3276"/>
  </symbol>
  <symbol id="42" call="MPI_Win_post" comm="0" obj="0" site="6" prev-site="25" occurrences="1">
   <member kind="rel" value="-1"/>
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="1933"/>
   <duration min="441" max="441"/>
  </symbol>
  <symbol id="43" call="MPI_Barrier" comm="0" site="15" prev-site="25" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="1933"/>
   <duration min="3497" max="3497"/>
  </symbol>
  <symbol id="44" call="MPI_Allreduce" comm="0" dtsize="8" op="MPI_SUM" site="16" prev-site="15" occurrences="1">
   <side role="member" events="1" count="1" bytes="8" rbytes="8"/>
   <compute mean="882" min="882" max="882" shift="1933" buckets="485:1"/>
   <duration min="10359" max="10359"/>
  </symbol>
  <symbol id="45" call="MPI_Group_free" comm="0" site="17" prev-site="16" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="1584" min="1584" max="1584" shift="1933" buckets="526:1"/>
   <duration min="761" max="761"/>
  </symbol>
  <symbol id="46" call="MPI_Group_free" comm="0" site="18" prev-site="17" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="1933"/>
   <duration min="40" max="40"/>
  </symbol>
  <symbol id="47" call="MPI_Group_free" comm="0" site="19" prev-site="18" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="1933"/>
   <duration min="90" max="90"/>
  </symbol>
  <symbol id="48" call="MPI_Group_free" comm="0" site="20" prev-site="19" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="1933"/>
   <duration min="30" max="30"/>
  </symbol>
  <symbol id="49" call="MPI_Win_free" comm="0" obj="0" site="21" prev-site="20" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="1933"/>
   <duration min="18965" max="18965"/>
  </symbol>
  <symbol id="50" call="MPI_Finalize" comm="0" site="22" prev-site="21" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="1933"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="2" events="7" time-ns="53677.025">
   <s ref="32"/>
   <s ref="33"/>
   <s ref="34"/>
   <s ref="35"/>
   <s ref="36"/>
   <s ref="37"/>
   <s ref="38"/>
  </block>
  <block id="3" events="90" time-ns="7682947.999999998">
   <s ref="25"/>
   <s ref="26"/>
   <s ref="27"/>
   <s ref="28"/>
   <s ref="29"/>
   <s ref="30"/>
   <s ref="31"/>
   <loop body="2" count="4"/>
   <s ref="32"/>
   <s ref="33"/>
   <s ref="34"/>
   <s ref="35"/>
   <s ref="36"/>
   <s ref="37"/>
   <s ref="39"/>
   <s ref="40"/>
   <s ref="41"/>
   <s ref="42"/>
   <loop body="2" count="4"/>
   <s ref="32"/>
   <s ref="33"/>
   <s ref="34"/>
   <s ref="35"/>
   <s ref="36"/>
   <s ref="37"/>
   <s ref="39"/>
   <s ref="40"/>
   <s ref="41"/>
   <s ref="43"/>
   <s ref="44"/>
   <s ref="45"/>
   <s ref="46"/>
   <s ref="47"/>
   <s ref="48"/>
   <s ref="49"/>
   <s ref="50"/>
  </block>
  <dominant block="2" count="4" share="0.055892113287764035" iteration-ns="53677.025"/>
 </class>
</signature>
