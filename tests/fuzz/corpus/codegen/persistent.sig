<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="2" mpi-library="MPICH Version:&#9;4.0.2" tracer="0.1.0">
  <arg>/app/persistent</arg>
  <arg>-i</arg>
  <arg>20</arg>
  <arg>-n</arg>
  <arg>64</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="3" ratio="18.17241379310345" trace-length="2108" signature-length="116" messages-matched="126"/>
 <sites>
  <site id="0" module="/app/persistent" offset="4673" function="main" file="/app/x" line="17"/>
  <site id="1" module="/app/persistent" offset="5250" function="main" file="/app/x" line="29"/>
  <site id="2" module="/app/persistent" offset="5301" function="main" file="/app/x" line="30"/>
  <site id="3" module="/app/persistent" offset="5352" function="main" file="/app/x" line="31"/>
  <site id="4" module="/app/persistent" offset="5406" function="main" file="/app/x" line="32"/>
  <site id="5" module="/app/persistent" offset="5478" function="main" file="/app/x" line="36"/>
  <site id="6" module="/app/persistent" offset="5538" function="main" file="/app/x" line="37"/>
  <site id="7" module="/app/persistent" offset="5558" function="irr_clock" file="/app/x" line="36"/>
  <site id="8" module="/app/persistent" offset="5748" function="main" file="/app/x" line="44"/>
  <site id="9" module="/app/persistent" offset="5849" function="main" file="/app/x" line="46"/>
  <site id="10" module="/app/persistent" offset="5950" function="main" file="/app/x" line="50"/>
  <site id="11" module="/app/persistent" offset="5958" function="main" file="/app/x" line="51"/>
  <site id="12" module="/app/persistent" offset="5992" function="main" file="/app/x" line="53"/>
  <site id="13" module="/app/persistent" offset="6020" function="main" file="/app/x" line="54"/>
  <site id="14" module="/app/persistent" offset="6716" function="main" file="/app/x" line="59"/>
  <site id="15" module="/app/persistent" offset="6761" function="main" file="/app/x" line="60"/>
  <site id="16" module="/app/persistent" offset="6774" function="main" file="/app/x" line="61"/>
  <site id="17" module="/app/persistent" offset="6792" function="main" file="/app/x" line="62"/>
  <site id="18" module="/app/persistent" offset="6800" function="main" file="/app/x" line="63"/>
  <site id="19" module="/app/persistent" offset="6808" function="main" file="/app/x" line="64"/>
  <site id="20" module="/app/persistent" offset="6181" function="irr_clock" file="/app/x" line="36"/>
  <site id="21" module="/app/persistent" offset="6263" function="main" file="/app/x" line="71"/>
  <site id="22" module="/app/persistent" offset="6271" function="main" file="/app/x" line="72"/>
  <site id="23" module="/app/persistent" offset="6319" function="main" file="/app/x" line="73"/>
  <site id="24" module="/app/persistent" offset="6329" function="main" file="/app/x" line="75"/>
  <site id="25" module="/app/persistent" offset="6339" function="main" file="/app/x" line="75"/>
  <site id="26" module="/app/persistent" offset="6349" function="main" file="/app/x" line="75"/>
  <site id="27" module="/app/persistent" offset="6362" function="main" file="/app/x" line="75"/>
  <site id="28" module="/app/persistent" offset="6370" function="main" file="/app/x" line="76"/>
  <site id="29" module="/app/persistent" offset="6380" function="main" file="/app/x" line="77"/>
  <site id="30" module="/app/persistent" offset="6432" function="main" file="/app/x" line="79"/>
  <site id="31" module="/app/persistent" offset="6590" function="main" file="/app/x" line="90"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="1906" time-ns="54785342" compute-ns="1290828" mpi-ns="48083072" per-event-ns="52" comms="0 -"/>
  <rank id="1" class="1" events="202" time-ns="54699364" compute-ns="1108913" mpi-ns="48283674" per-event-ns="721" comms="0 -"/>
 </ranks>
 <class id="0" ranks="0" program="1" events="152" length="58" time-ns="54785342">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="80418" max="80418" shift="52"/>
   <duration min="45915151" max="45915151"/>
  </symbol>
  <symbol id="1" call="MPI_Send_init" comm="0" tag="1" dtsize="8" site="1" prev-site="0" occurrences="1" match="0">
   <peer kind="rel" value="1"/>
   <side role="member" events="1" count="64" bytes="512"/>
   <compute min="9882" max="9882" shift="52"/>
   <duration min="832" max="832"/>
  </symbol>
  <symbol id="2" call="MPI_Send_init" comm="0" tag="2" dtsize="8" site="2" prev-site="1" occurrences="1" match="1">
   <peer kind="rel" value="1"/>
   <side role="member" events="1" count="64" bytes="512"/>
   <compute min="11054" max="11054" shift="52"/>
   <duration min="60" max="60"/>
  </symbol>
  <symbol id="3" call="MPI_Recv_init" comm="0" tag="1" dtsize="8" site="3" prev-site="2" occurrences="1" match="2">
   <peer kind="rel" value="1"/>
   <side role="member" events="1" count="64" bytes="512"/>
   <compute min="4455" max="4455" shift="52"/>
   <duration min="611" max="611"/>
  </symbol>
  <symbol id="4" call="MPI_Recv_init" comm="0" tag="2" dtsize="8" site="4" prev-site="3" occurrences="1" match="3">
   <peer kind="rel" value="1"/>
   <side role="member" events="1" count="64" bytes="512"/>
   <compute mean="4120" min="4120" max="4120" shift="52" buckets="599:1"/>
   <duration min="150" max="150"/>
  </symbol>
  <symbol id="5" call="MPI_Ssend_init" comm="0" tag="3" dtsize="8" site="5" prev-site="4" occurrences="1" match="4">
   <peer kind="rel" value="1"/>
   <side role="member" events="1" count="1" bytes="8"/>
   <compute min="689" max="689" shift="52"/>
   <duration min="481" max="481"/>
  </symbol>
  <symbol id="6" call="MPI_Recv_init" comm="0" tag="3" dtsize="8" site="6" prev-site="5" occurrences="1" match="5">
   <peer kind="any"/>
   <side role="member" events="1" count="1" bytes="8"/>
   <compute mean="368" min="368" max="368" shift="52" buckets="422:1"/>
   <duration min="20" max="20"/>
  </symbol>
  <symbol id="7" call="MPI_Barrier" comm="0" site="7" prev-site="6" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="689" max="689" shift="52"/>
   <duration min="9104" max="9104"/>
  </symbol>
  <symbol id="8" call="MPI_Startall" comm="0" site="8" prev-site="7" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="6" index="0" call="MPI_Send_init"/>
   <link dist="5" index="1" call="MPI_Send_init"/>
   <link dist="4" index="2" call="MPI_Recv_init"/>
   <link dist="3" index="3" call="MPI_Recv_init"/>
   <compute min="7649" max="7649" shift="52"/>
   <duration min="21933" max="21933"/>
  </symbol>
  <symbol id="9" call="MPI_Waitall" comm="0" site="9" prev-site="8" occurrences="20">
   <side role="member" events="20" count="0"/>
   <link dist="4" index="0" call="MPI_Send_init"/>
   <link dist="3" index="1" call="MPI_Send_init"/>
   <link dist="2" index="2" call="MPI_Recv_init"/>
   <link dist="1" index="3" call="MPI_Recv_init"/>
   <compute mean="33523.15" min="33208" max="38065" shift="52" buckets="750:16 751:3 758:1"/>
   <compute-cpu mean="32696.2" min="32417" max="37053" shift="52" buckets="749:19 756:1"/>
   <duration mean="87128.2" min="300" max="1726663" buckets="408:1 416:1 420:1 426:2 430:2 433:1 438:2 449:1 450:1 457:1 458:1 461:1 491:1 546:1 556:1 595:1 1032:1"/>
  </symbol>
  <symbol id="10" call="MPI_Start" comm="0" site="10" prev-site="9" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="5" index="0" call="MPI_Recv_init"/>
   <compute min="3648" max="3648" shift="52"/>
   <duration min="1763" max="1763"/>
  </symbol>
  <symbol id="11" call="MPI_Start" comm="0" site="11" prev-site="10" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="7" index="0" call="MPI_Ssend_init"/>
   <compute min="338" max="338" shift="52"/>
   <duration min="33751" max="33751"/>
  </symbol>
  <symbol id="12" call="MPI_Test" comm="0" site="12" prev-site="11" occurrences="20" polls="1754">
   <side role="member" flags="true" events="20" count="0"/>
   <link dist="1" index="0" call="MPI_Ssend_init"/>
   <compute mean="9202.95" min="178" max="113677" shift="52" buckets="369:1 426:1 428:1 559:2 564:1 565:2 573:1 574:1 575:1 577:1 587:1 602:1 603:1 604:1 611:1 655:1 681:1 836:1"/>
   <duration mean="133.3" min="70" max="461" buckets="304:1 328:5 335:7 336:1 343:1 351:1 354:2 386:1 440:1"/>
  </symbol>
  <symbol id="13" call="MPI_Wait" comm="0" site="13" prev-site="12" occurrences="20">
   <side role="member" events="20" count="0"/>
   <link dist="2" index="0" call="MPI_Recv_init"/>
   <compute mean="70.7" min="18" max="749" shift="52" buckets="206:3 209:1 237:8 259:3 262:1 275:2 342:1 473:1"/>
   <duration mean="305.55" min="20" max="3215" buckets="212:3 243:8 262:4 264:1 443:1 470:1 508:1 578:1"/>
  </symbol>
  <symbol id="14" call="MPI_Recv_init" comm="0" tag="4" dtsize="8" site="14" prev-site="13" occurrences="2" match="6">
   <peer kind="reply"/>
   <side role="member" events="2" count="32" bytes="256"/>
   <compute min="16252" max="16582" shift="52"/>
   <duration min="60" max="70"/>
  </symbol>
  <symbol id="15" call="MPI_Send_init" comm="0" tag="4" dtsize="8" site="15" prev-site="14" occurrences="2" match="7">
   <peer kind="reply"/>
   <side role="member" events="2" count="32" bytes="256"/>
   <compute mean="338.5" min="188" max="489" shift="52" buckets="373:1 444:1"/>
   <duration min="40" max="80"/>
  </symbol>
  <symbol id="16" call="MPI_Startall" comm="0" site="16" prev-site="15" occurrences="2">
   <side role="member" events="2" count="0"/>
   <link dist="2" index="0" call="MPI_Recv_init"/>
   <link dist="1" index="1" call="MPI_Send_init"/>
   <compute mean="154" min="99" max="209" shift="52" buckets="326:1 380:1"/>
   <duration min="2353" max="128221"/>
  </symbol>
  <symbol id="17" call="MPI_Waitall" comm="0" site="17" prev-site="16" occurrences="2">
   <side role="member" events="2" count="0"/>
   <link dist="2" index="0" call="MPI_Recv_init"/>
   <link dist="1" index="1" call="MPI_Send_init"/>
   <compute mean="1084.5" min="208" max="1961" shift="52" buckets="380:1 545:1"/>
   <duration min="1893" max="39579"/>
  </symbol>
  <symbol id="18" call="MPI_Request_free" comm="0" site="18" prev-site="17" occurrences="2">
   <side role="member" events="2" count="0"/>
   <link dist="2" index="0" call="MPI_Recv_init"/>
   <compute min="169" max="1330" shift="52"/>
   <duration min="100" max="1612"/>
  </symbol>
  <symbol id="19" call="MPI_Request_free" comm="0" site="19" prev-site="18" occurrences="2">
   <side role="member" events="2" count="0"/>
   <link dist="1" index="0" call="MPI_Send_init"/>
   <compute min="38" max="269" shift="52"/>
   <duration min="40" max="60"/>
  </symbol>
  <symbol id="20" call="MPI_Startall" comm="0" site="8" prev-site="19" occurrences="2">
   <side role="member" events="2" count="0"/>
   <link dist="10" index="0" call="MPI_Send_init"/>
   <link dist="9" index="1" call="MPI_Send_init"/>
   <link dist="8" index="2" call="MPI_Recv_init"/>
   <link dist="7" index="3" call="MPI_Recv_init"/>
   <compute min="78" max="318" shift="52"/>
   <duration min="4076" max="4647"/>
  </symbol>
  <symbol id="21" call="MPI_Start" comm="0" site="10" prev-site="9" occurrences="2">
   <side role="member" events="2" count="0"/>
   <link dist="10" index="0" call="MPI_Recv_init"/>
   <compute mean="269" min="189" max="349" shift="52" buckets="374:1 418:1"/>
   <duration min="30" max="110"/>
  </symbol>
  <symbol id="22" call="MPI_Start" comm="0" site="11" prev-site="10" occurrences="2">
   <side role="member" events="2" count="0"/>
   <link dist="10" index="0" call="MPI_Ssend_init"/>
   <compute min="8" max="78" shift="52"/>
   <duration min="1933" max="2223"/>
  </symbol>
  <symbol id="23" call="MPI_Startall" comm="0" site="8" prev-site="13" occurrences="17">
   <side role="member" events="17" count="0"/>
   <link dist="6" index="0" call="MPI_Send_init"/>
   <link dist="5" index="1" call="MPI_Send_init"/>
   <link dist="4" index="2" call="MPI_Recv_init"/>
   <link dist="3" index="3" call="MPI_Recv_init"/>
   <compute mean="16332.35294117647" min="16292" max="16473" shift="52" buckets="699:12 700:5"/>
   <duration mean="4596.764705882353" min="561" max="8002" buckets="454:1 564:1 598:1 600:1 601:4 602:1 605:2 610:1 614:1 618:1 620:1 634:1 647:1"/>
  </symbol>
  <symbol id="24" call="MPI_Start" comm="0" site="10" prev-site="9" occurrences="17">
   <side role="member" events="17" count="0"/>
   <link dist="6" index="0" call="MPI_Recv_init"/>
   <compute mean="156.7058823529412" min="98" max="729" shift="52" buckets="326:2 334:4 342:8 358:1 380:1 471:1"/>
   <duration mean="86.58823529411765" min="30" max="791" buckets="243:3 262:8 278:3 293:1 295:1 477:1"/>
  </symbol>
  <symbol id="25" call="MPI_Start" comm="0" site="11" prev-site="10" occurrences="17">
   <side role="member" events="17" count="0"/>
   <link dist="6" index="0" call="MPI_Ssend_init"/>
   <compute mean="10.235294117647058" min="0" max="28" shift="52" zeros="4" buckets="150:8 206:3 237:2"/>
   <duration mean="1693.8235294117646" min="111" max="2133" buckets="336:1 366:1 537:2 538:1 539:3 541:4 543:1 548:3 552:1"/>
  </symbol>
  <symbol id="26" call="MPI_Barrier" comm="0" site="20" prev-site="13" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="16283" max="16283" shift="52"/>
   <duration min="2083" max="2083"/>
  </symbol>
  <symbol id="27" call="MPI_Isend" comm="0" tag="5" dtsize="8" site="21" prev-site="20" occurrences="1" match="8">
   <peer kind="reply"/>
   <side role="member" events="1" count="1" bytes="8"/>
   <compute mean="1811" min="1811" max="1811" shift="52" buckets="537:1"/>
   <duration min="1963" max="1963"/>
  </symbol>
  <symbol id="28" call="MPI_Request_free" comm="0" site="22" prev-site="21" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="1" index="0" call="MPI_Isend"/>
   <compute min="2051" max="2051" shift="52"/>
   <duration min="10345" max="10345"/>
  </symbol>
  <symbol id="29" call="MPI_Recv" comm="0" tag="5" dtsize="8" site="23" prev-site="22" occurrences="1" match="9">
   <peer kind="reply"/>
   <side role="member" events="1" count="1" bytes="8" rbytes="8"/>
   <compute mean="990" min="990" max="990" shift="52" buckets="495:1"/>
   <duration min="400" max="400"/>
  </symbol>
  <symbol id="30" call="MPI_Request_free" comm="0" site="24" prev-site="23" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="7" index="0" call="MPI_Send_init"/>
   <compute mean="469" min="469" max="469" shift="52" buckets="440:1"/>
   <duration min="70" max="70"/>
  </symbol>
  <symbol id="31" call="MPI_Request_free" comm="0" site="25" prev-site="24" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="6" index="0" call="MPI_Send_init"/>
   <compute mean="229" min="229" max="229" shift="52" buckets="388:1"/>
   <duration min="30" max="30"/>
  </symbol>
  <symbol id="32" call="MPI_Request_free" comm="0" site="26" prev-site="25" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="5" index="0" call="MPI_Recv_init"/>
   <compute min="78" max="78" shift="52"/>
   <duration min="40" max="40"/>
  </symbol>
  <symbol id="33" call="MPI_Request_free" comm="0" site="27" prev-site="26" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="4" index="0" call="MPI_Recv_init"/>
   <compute min="248" max="248" shift="52"/>
   <duration min="40" max="40"/>
  </symbol>
  <symbol id="34" call="MPI_Request_free" comm="0" site="28" prev-site="27" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="2" index="0" call="MPI_Ssend_init"/>
   <compute mean="109" min="109" max="109" shift="52" buckets="334:1"/>
   <duration min="40" max="40"/>
  </symbol>
  <symbol id="35" call="MPI_Request_free" comm="0" site="29" prev-site="28" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="3" index="0" call="MPI_Recv_init"/>
   <compute min="118" max="118" shift="52"/>
   <duration min="30" max="30"/>
  </symbol>
  <symbol id="36" call="MPI_Reduce" comm="0" dtsize="8" op="MPI_SUM" site="30" prev-site="29" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="root" events="1" count="1" bytes="8" rbytes="8"/>
   <compute min="569" max="569" shift="52"/>
   <duration min="37295" max="37295"/>
  </symbol>
  <symbol id="37" call="MPI_Finalize" comm="0" site="31" prev-site="30" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="60539" max="60539" shift="52"/>
   <compute-cpu min="16224" max="16224" shift="52"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="0" events="6" time-ns="153240.32058823534">
   <s ref="12"/>
   <s ref="13"/>
   <s ref="23"/>
   <s ref="9"/>
   <s ref="24"/>
   <s ref="25"/>
  </block>
  <block id="1" events="152" time-ns="3549963.0000000005">
   <s ref="0"/>
   <s ref="1"/>
   <s ref="2"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="18"/>
   <s ref="19"/>
   <s ref="20"/>
   <s ref="9"/>
   <s ref="21"/>
   <s ref="22"/>
   <loop body="0" count="9"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="18"/>
   <s ref="19"/>
   <s ref="20"/>
   <s ref="9"/>
   <s ref="21"/>
   <s ref="22"/>
   <loop body="0" count="8"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="26"/>
   <s ref="27"/>
   <s ref="28"/>
   <s ref="29"/>
   <s ref="30"/>
   <s ref="31"/>
   <s ref="32"/>
   <s ref="33"/>
   <s ref="34"/>
   <s ref="35"/>
   <s ref="36"/>
   <s ref="37"/>
  </block>
  <dominant block="0" count="9" share="0.7338345357402317" iteration-ns="153240.32058823534"/>
 </class>
 <class id="1" ranks="1" program="3" events="152" length="58" time-ns="54699364">
  <symbol id="38" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="45467" max="45467" shift="721"/>
   <duration min="45911736" max="45911736"/>
  </symbol>
  <symbol id="39" call="MPI_Send_init" comm="0" tag="1" dtsize="8" site="1" prev-site="0" occurrences="1" match="2">
   <peer kind="rel" value="-1"/>
   <side role="member" events="1" count="64" bytes="512"/>
   <compute min="16114" max="16114" shift="721"/>
   <duration min="1873" max="1873"/>
  </symbol>
  <symbol id="40" call="MPI_Send_init" comm="0" tag="2" dtsize="8" site="2" prev-site="1" occurrences="1" match="3">
   <peer kind="rel" value="-1"/>
   <side role="member" events="1" count="64" bytes="512"/>
   <compute min="21993" max="21993" shift="721"/>
   <compute-cpu min="19399" max="19399" shift="721"/>
   <duration min="50" max="50"/>
  </symbol>
  <symbol id="41" call="MPI_Recv_init" comm="0" tag="1" dtsize="8" site="3" prev-site="2" occurrences="1" match="0">
   <peer kind="rel" value="-1"/>
   <side role="member" events="1" count="64" bytes="512"/>
   <compute min="5799" max="5799" shift="721"/>
   <duration min="2193" max="2193"/>
  </symbol>
  <symbol id="42" call="MPI_Recv_init" comm="0" tag="2" dtsize="8" site="4" prev-site="3" occurrences="1" match="1">
   <peer kind="rel" value="-1"/>
   <side role="member" events="1" count="64" bytes="512"/>
   <compute mean="5258" min="5258" max="5258" shift="721" buckets="613:1"/>
   <duration min="70" max="70"/>
  </symbol>
  <symbol id="43" call="MPI_Ssend_init" comm="0" tag="3" dtsize="8" site="5" prev-site="4" occurrences="1" match="5">
   <peer kind="rel" value="-1"/>
   <side role="member" events="1" count="1" bytes="8"/>
   <compute min="1142" max="1142" shift="721"/>
   <duration min="1402" max="1402"/>
  </symbol>
  <symbol id="44" call="MPI_Recv_init" comm="0" tag="3" dtsize="8" site="6" prev-site="5" occurrences="1" match="4">
   <peer kind="any"/>
   <side role="member" events="1" count="1" bytes="8"/>
   <compute min="0" max="0" shift="721"/>
   <duration min="351" max="351"/>
  </symbol>
  <symbol id="45" call="MPI_Barrier" comm="0" site="7" prev-site="6" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="631" min="631" max="631" shift="721" buckets="462:1"/>
   <duration min="1914979" max="1914979"/>
  </symbol>
  <symbol id="46" call="MPI_Startall" comm="0" site="8" prev-site="7" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="6" index="0" call="MPI_Send_init"/>
   <link dist="5" index="1" call="MPI_Send_init"/>
   <link dist="4" index="2" call="MPI_Recv_init"/>
   <link dist="3" index="3" call="MPI_Recv_init"/>
   <compute min="12473" max="12473" shift="721"/>
   <duration min="19039" max="19039"/>
  </symbol>
  <symbol id="47" call="MPI_Waitall" comm="0" site="9" prev-site="8" occurrences="20">
   <side role="member" events="20" count="0"/>
   <link dist="4" index="0" call="MPI_Send_init"/>
   <link dist="3" index="1" call="MPI_Send_init"/>
   <link dist="2" index="2" call="MPI_Recv_init"/>
   <link dist="1" index="3" call="MPI_Recv_init"/>
   <compute mean="33050.15" min="32829" max="35152" shift="721" buckets="750:19 753:1"/>
   <compute-cpu mean="32029.9" min="31817" max="33616" shift="721" buckets="747:18 748:1 751:1"/>
   <duration mean="1761.5" min="571" max="7141" buckets="455:1 456:1 459:1 460:1 461:1 463:1 464:2 467:1 470:1 474:1 477:1 482:1 529:1 568:1 570:1 578:1 581:1 616:1 637:1"/>
  </symbol>
  <symbol id="48" call="MPI_Start" comm="0" site="10" prev-site="9" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="5" index="0" call="MPI_Recv_init"/>
   <compute min="1252" max="1252" shift="721"/>
   <duration min="781" max="781"/>
  </symbol>
  <symbol id="49" call="MPI_Start" comm="0" site="11" prev-site="10" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="7" index="0" call="MPI_Ssend_init"/>
   <compute min="0" max="0" shift="721"/>
   <duration min="26740" max="26740"/>
  </symbol>
  <symbol id="50" call="MPI_Test" comm="0" site="12" prev-site="11" occurrences="20" polls="50">
   <side role="member" flags="true" events="20" count="0"/>
   <link dist="1" index="0" call="MPI_Ssend_init"/>
   <compute mean="4440.8" min="0" max="83705" shift="721" zeros="14" buckets="215:1 443:1 504:1 531:1 533:1 813:1"/>
   <duration mean="306.9" min="90" max="551" buckets="320:1 328:2 343:1 350:1 358:1 362:1 374:1 385:1 418:1 424:1 428:3 432:1 434:1 447:1 450:2 453:1"/>
  </symbol>
  <symbol id="51" call="MPI_Wait" comm="0" site="13" prev-site="12" occurrences="20">
   <side role="member" events="20" count="0"/>
   <link dist="2" index="0" call="MPI_Recv_init"/>
   <compute mean="0" min="0" max="0" shift="721" zeros="20" buckets=""/>
   <duration mean="152.7" min="30" max="1061" buckets="243:2 262:5 293:2 295:1 304:2 312:3 313:1 320:1 393:1 474:1 501:1"/>
  </symbol>
  <symbol id="52" call="MPI_Recv_init" comm="0" tag="4" dtsize="8" site="14" prev-site="13" occurrences="2" match="7">
   <peer kind="reply"/>
   <side role="member" events="2" count="32" bytes="256"/>
   <compute min="15754" max="16184" shift="721"/>
   <duration min="211" max="250"/>
  </symbol>
  <symbol id="53" call="MPI_Send_init" comm="0" tag="4" dtsize="8" site="15" prev-site="14" occurrences="2" match="6">
   <peer kind="reply"/>
   <side role="member" events="2" count="32" bytes="256"/>
   <compute mean="336" min="71" max="601" shift="721" buckets="307:1 458:1"/>
   <duration min="170" max="220"/>
  </symbol>
  <symbol id="54" call="MPI_Startall" comm="0" site="16" prev-site="15" occurrences="2">
   <side role="member" events="2" count="0"/>
   <link dist="2" index="0" call="MPI_Recv_init"/>
   <link dist="1" index="1" call="MPI_Send_init"/>
   <compute min="0" max="0" shift="721"/>
   <duration min="2684" max="167850"/>
  </symbol>
  <symbol id="55" call="MPI_Waitall" comm="0" site="17" prev-site="16" occurrences="2">
   <side role="member" events="2" count="0"/>
   <link dist="2" index="0" call="MPI_Recv_init"/>
   <link dist="1" index="1" call="MPI_Send_init"/>
   <compute mean="1789.5" min="0" max="3595" shift="721" zeros="1" buckets="587:1"/>
   <duration min="390" max="1092"/>
  </symbol>
  <symbol id="56" call="MPI_Request_free" comm="0" site="18" prev-site="17" occurrences="2">
   <side role="member" events="2" count="0"/>
   <link dist="2" index="0" call="MPI_Recv_init"/>
   <compute mean="556" min="0" max="1102" shift="721" zeros="1" buckets="504:1"/>
   <duration min="330" max="2003"/>
  </symbol>
  <symbol id="57" call="MPI_Request_free" comm="0" site="19" prev-site="18" occurrences="2">
   <side role="member" events="2" count="0"/>
   <link dist="1" index="0" call="MPI_Send_init"/>
   <compute min="0" max="0" shift="721"/>
   <duration min="71" max="450"/>
  </symbol>
  <symbol id="58" call="MPI_Startall" comm="0" site="8" prev-site="19" occurrences="2">
   <side role="member" events="2" count="0"/>
   <link dist="10" index="0" call="MPI_Send_init"/>
   <link dist="9" index="1" call="MPI_Send_init"/>
   <link dist="8" index="2" call="MPI_Recv_init"/>
   <link dist="7" index="3" call="MPI_Recv_init"/>
   <compute min="0" max="0" shift="721"/>
   <duration min="4827" max="7191"/>
  </symbol>
  <symbol id="59" call="MPI_Start" comm="0" site="10" prev-site="9" occurrences="2">
   <side role="member" events="2" count="0"/>
   <link dist="10" index="0" call="MPI_Recv_init"/>
   <compute min="0" max="0" shift="721"/>
   <duration min="60" max="230"/>
  </symbol>
  <symbol id="60" call="MPI_Start" comm="0" site="11" prev-site="10" occurrences="2">
   <side role="member" events="2" count="0"/>
   <link dist="10" index="0" call="MPI_Ssend_init"/>
   <compute min="0" max="0" shift="721"/>
   <duration min="2414" max="2954"/>
  </symbol>
  <symbol id="61" call="MPI_Startall" comm="0" site="8" prev-site="13" occurrences="17">
   <side role="member" events="17" count="0"/>
   <link dist="6" index="0" call="MPI_Send_init"/>
   <link dist="5" index="1" call="MPI_Send_init"/>
   <link dist="4" index="2" call="MPI_Recv_init"/>
   <link dist="3" index="3" call="MPI_Recv_init"/>
   <compute mean="15819.588235294117" min="15713" max="16535" shift="721" buckets="696:16 700:1"/>
   <duration mean="5527.117647058823" min="540" max="15563" buckets="452:1 475:1 479:1 576:1 610:2 613:3 614:2 619:1 622:1 641:1 649:1 660:1 694:1"/>
  </symbol>
  <symbol id="62" call="MPI_Start" comm="0" site="10" prev-site="9" occurrences="17">
   <side role="member" events="17" count="0"/>
   <link dist="6" index="0" call="MPI_Recv_init"/>
   <compute mean="0" min="0" max="0" shift="721" zeros="17" buckets=""/>
   <duration mean="146.64705882352942" min="60" max="451" buckets="293:2 313:1 320:1 328:4 335:4 350:1 354:1 406:1 418:1 438:1"/>
  </symbol>
  <symbol id="63" call="MPI_Start" comm="0" site="11" prev-site="10" occurrences="17">
   <side role="member" events="17" count="0"/>
   <link dist="6" index="0" call="MPI_Ssend_init"/>
   <compute mean="0" min="0" max="0" shift="721" zeros="17" buckets=""/>
   <duration mean="2014.8823529411766" min="181" max="2994" buckets="370:1 389:1 412:1 414:1 557:1 558:1 560:3 561:1 562:3 563:2 564:1 573:1"/>
  </symbol>
  <symbol id="64" call="MPI_Barrier" comm="0" site="20" prev-site="13" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="15764" max="15764" shift="721"/>
   <duration min="2604" max="2604"/>
  </symbol>
  <symbol id="65" call="MPI_Isend" comm="0" tag="5" dtsize="8" site="21" prev-site="20" occurrences="1" match="9">
   <peer kind="reply"/>
   <side role="member" events="1" count="1" bytes="8"/>
   <compute min="2694" max="2694" shift="721"/>
   <duration min="1242" max="1242"/>
  </symbol>
  <symbol id="66" call="MPI_Request_free" comm="0" site="22" prev-site="21" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="1" index="0" call="MPI_Isend"/>
   <compute min="1302" max="1302" shift="721"/>
   <duration min="16985" max="16985"/>
  </symbol>
  <symbol id="67" call="MPI_Recv" comm="0" tag="5" dtsize="8" site="23" prev-site="22" occurrences="1" match="8">
   <peer kind="reply"/>
   <side role="member" events="1" count="1" bytes="8" rbytes="8"/>
   <compute mean="341" min="341" max="341" shift="721" buckets="415:1"/>
   <duration min="530" max="530"/>
  </symbol>
  <symbol id="68" call="MPI_Request_free" comm="0" site="24" prev-site="23" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="7" index="0" call="MPI_Send_init"/>
   <compute min="0" max="0" shift="721"/>
   <duration min="151" max="151"/>
  </symbol>
  <symbol id="69" call="MPI_Request_free" comm="0" site="25" prev-site="24" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="6" index="0" call="MPI_Send_init"/>
   <compute min="0" max="0" shift="721"/>
   <duration min="70" max="70"/>
  </symbol>
  <symbol id="70" call="MPI_Request_free" comm="0" site="26" prev-site="25" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="5" index="0" call="MPI_Recv_init"/>
   <compute min="0" max="0" shift="721"/>
   <duration min="80" max="80"/>
  </symbol>
  <symbol id="71" call="MPI_Request_free" comm="0" site="27" prev-site="26" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="4" index="0" call="MPI_Recv_init"/>
   <compute min="0" max="0" shift="721"/>
   <duration min="51" max="51"/>
  </symbol>
  <symbol id="72" call="MPI_Request_free" comm="0" site="28" prev-site="27" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="2" index="0" call="MPI_Ssend_init"/>
   <compute min="0" max="0" shift="721"/>
   <duration min="50" max="50"/>
  </symbol>
  <symbol id="73" call="MPI_Request_free" comm="0" site="29" prev-site="28" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="3" index="0" call="MPI_Recv_init"/>
   <compute min="0" max="0" shift="721"/>
   <duration min="50" max="50"/>
  </symbol>
  <symbol id="74" call="MPI_Reduce" comm="0" dtsize="8" op="MPI_SUM" site="30" prev-site="29" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="member" events="1" count="1" bytes="8"/>
   <compute min="0" max="0" shift="721"/>
   <duration min="14121" max="14121"/>
  </symbol>
  <symbol id="75" call="MPI_Finalize" comm="0" site="31" prev-site="30" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="1583" max="1583" shift="721"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="2" events="6" time-ns="63220.285294117646">
   <s ref="50"/>
   <s ref="51"/>
   <s ref="61"/>
   <s ref="47"/>
   <s ref="62"/>
   <s ref="63"/>
  </block>
  <block id="3" events="152" time-ns="3559803.9999999995">
   <s ref="38"/>
   <s ref="39"/>
   <s ref="40"/>
   <s ref="41"/>
   <s ref="42"/>
   <s ref="43"/>
   <s ref="44"/>
   <s ref="45"/>
   <s ref="46"/>
   <s ref="47"/>
   <s ref="48"/>
   <s ref="49"/>
   <s ref="50"/>
   <s ref="51"/>
   <s ref="52"/>
   <s ref="53"/>
   <s ref="54"/>
   <s ref="55"/>
   <s ref="56"/>
   <s ref="57"/>
   <s ref="58"/>
   <s ref="47"/>
   <s ref="59"/>
   <s ref="60"/>
   <loop body="2" count="9"/>
   <s ref="50"/>
   <s ref="51"/>
   <s ref="52"/>
   <s ref="53"/>
   <s ref="54"/>
   <s ref="55"/>
   <s ref="56"/>
   <s ref="57"/>
   <s ref="58"/>
   <s ref="47"/>
   <s ref="59"/>
   <s ref="60"/>
   <loop body="2" count="8"/>
   <s ref="50"/>
   <s ref="51"/>
   <s ref="64"/>
   <s ref="65"/>
   <s ref="66"/>
   <s ref="67"/>
   <s ref="68"/>
   <s ref="69"/>
   <s ref="70"/>
   <s ref="71"/>
   <s ref="72"/>
   <s ref="73"/>
   <s ref="74"/>
   <s ref="75"/>
  </block>
  <dominant block="2" count="9" share="0.3019112428661803" iteration-ns="63220.285294117646"/>
 </class>
</signature>
